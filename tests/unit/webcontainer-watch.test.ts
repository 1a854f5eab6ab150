import { afterEach, describe, expect, it } from 'vitest';
import type { FsEvent } from '@/lib/runtime/port';
import { mountFiles } from '@/lib/workspace/open';
import { bootFake, callsOf, disposeAll, drain, sleep } from './fakes/webcontainer-harness';

afterEach(disposeAll);

const paths = (events: FsEvent[]) => events.map((event) => event.path);

describe('watching the workspace on WebContainer', () => {
  it('the fake registers watches late, as the real client does: a change right after watch() is not seen', async () => {
    const { wc } = await bootFake();
    const seen: string[] = [];
    wc.fs.watch('.', { recursive: true }, (_event, name) => seen.push(String(name)));
    await wc.fs.writeFile('early.txt', 'x');
    await sleep(10);
    await wc.fs.writeFile('late.txt', 'x');
    await sleep(0);
    expect(seen).toEqual(['late.txt']);
  });

  it('watches the root without recursion and each top-level folder recursively, never node_modules or .git', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/src/a.js', '');
    await runtime.fs.writeFile('/node_modules/x/index.js', '');
    await runtime.fs.writeFile('/.git/HEAD', '');
    const stop = runtime.fs.watch('/', () => undefined);
    await sleep(20);
    expect(wc.fs.activeWatches()).toEqual([
      { path: '.', recursive: false },
      { path: 'src', recursive: true },
    ]);
    stop();
    expect(wc.fs.activeWatches()).toEqual([]);
  });

  it('an install through the agent reports package-lock.json, nothing under node_modules, and adds no watch there', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/package.json', '{}');
    const events: FsEvent[] = [];
    runtime.fs.watch('/', (event) => events.push(event));
    await sleep(20);
    const install = await runtime.spawn('npm', ['install', 'left-pad']);
    expect(await install.exit).toBe(0);
    await sleep(20);
    expect(paths(events)).toContain('/package-lock.json');
    expect(paths(events).filter((path) => path.includes('node_modules'))).toEqual([]);
    expect(wc.fs.activeWatches().map((watch) => watch.path)).toEqual(['.']);
  });

  it('a command that makes a folder and fills it at once: its files are reported by the time its exit resolves', async () => {
    const { runtime } = await bootFake();
    const events: FsEvent[] = [];
    runtime.fs.watch('/', (event) => events.push(event));
    await sleep(20);
    const command = await runtime.spawn('jsh', ['-c', 'mkdir -p gen/deep && echo hi > gen/deep/out.txt']);
    expect(await command.exit).toBe(0);
    // The folder's own watch registered after the file was written: only the re-sync before exit saw it.
    expect(paths(events)).toContain('/gen/deep/out.txt');
  });

  it('a command typed into the shell is followed by a re-sync too', async () => {
    const { runtime } = await bootFake();
    const events: FsEvent[] = [];
    runtime.fs.watch('/', (event) => events.push(event));
    await sleep(20);
    const shell = await runtime.shell();
    const out = drain(shell.output);
    shell.runCommand?.('mkdir -p made && echo x > made/file.txt');
    await out.until(/exit=\d+:0/);
    await sleep(20);
    expect(paths(events)).toContain('/made/file.txt');
  });

  it('a folder removed at the top loses its watch', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/old/a.txt', '');
    runtime.fs.watch('/', () => undefined);
    await sleep(20);
    await runtime.fs.rm('/old');
    await sleep(20);
    expect(wc.fs.activeWatches()).toEqual([{ path: '.', recursive: false }]);
  });
});

describe('opening a workspace on WebContainer', () => {
  it('writes every file with one mount call instead of one write per file', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/stale.txt', 'from the last workspace');
    await mountFiles(runtime, [
      { path: '/package.json', content: '{}' },
      { path: '/src/main.js', content: 'console.log(1)' },
      { path: '/assets/logo.bin', content: new Uint8Array([1, 2, 3]) },
    ]);
    expect(callsOf(wc.calls, 'mount')).toHaveLength(1);
    expect(await runtime.fs.readTextFile('/src/main.js')).toBe('console.log(1)');
    expect(Array.from(await runtime.fs.readFile('/assets/logo.bin'))).toEqual([1, 2, 3]);
    expect(await runtime.fs.exists('/stale.txt')).toBe(false);
  });
});
