import { afterEach, describe, expect, it } from 'vitest';
import type { FsEvent } from '@/lib/runtime/port';
import { mountFiles } from '@/lib/workspace/open';
import { RESYNC_MAX_MS, WatchHub } from '@/lib/runtime/webcontainer/watch';
import { bootFake, callsOf, disposeAll, drain, sleep } from './fakes/webcontainer-harness';
import { MemoryFs, WATCH_REGISTRATION_MS } from './fakes/memory-fs';

/** Long enough for the fake's watches to register. */
const REGISTERED = WATCH_REGISTRATION_MS * 3;

afterEach(disposeAll);

const paths = (events: FsEvent[]) => events.map((event) => event.path);

describe('watching the workspace on WebContainer', () => {
  it('the fake registers watches late, as the real client does: a change right after watch() is not seen', async () => {
    const { wc } = await bootFake();
    const seen: string[] = [];
    wc.fs.watch('.', { recursive: true }, (_event, name) => seen.push(String(name)));
    await wc.fs.writeFile('early.txt', 'x');
    await sleep(WATCH_REGISTRATION_MS / 2);
    await wc.fs.writeFile('still-early.txt', 'x');
    await sleep(REGISTERED);
    await wc.fs.writeFile('late.txt', 'x');
    await sleep(0);
    expect(seen).toEqual(['late.txt']);
  });

  it('watches every folder on its own, none recursively, and no node_modules or .git at any depth', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/src/lib/a.js', '');
    await runtime.fs.writeFile('/node_modules/x/index.js', '');
    await runtime.fs.writeFile('/.git/HEAD', '');
    // A monorepo: each package has its own node_modules.
    await runtime.fs.writeFile('/packages/app/node_modules/y/index.js', '');
    await runtime.fs.writeFile('/packages/app/src/main.js', '');
    const stop = runtime.fs.watch('/', () => undefined);
    await sleep(REGISTERED);
    const watched = wc.fs.activeWatches();
    expect(watched.every((watch) => !watch.recursive)).toBe(true);
    expect(watched.map((watch) => watch.path).sort()).toEqual(['.', 'packages', 'packages/app', 'packages/app/src', 'src', 'src/lib']);
    stop();
    expect(wc.fs.activeWatches()).toEqual([]);
  });

  it('an install inside a package adds no watch under its node_modules and reports nothing from there', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/packages/app/package.json', '{}');
    const events: FsEvent[] = [];
    runtime.fs.watch('/', (event) => events.push(event));
    await sleep(REGISTERED);
    const install = await runtime.spawn('npm', ['install', 'left-pad'], { cwd: '/packages/app' });
    expect(await install.exit).toBe(0);
    await sleep(REGISTERED + 50);
    expect(paths(events)).toContain('/packages/app/package-lock.json');
    expect(paths(events).filter((path) => path.includes('node_modules'))).toEqual([]);
    expect(
      wc.fs
        .activeWatches()
        .map((watch) => watch.path)
        .sort(),
    ).toEqual(['.', 'packages', 'packages/app']);
  });

  it('a folder made later, at any depth, gets its own watch and its files are reported', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.mkdir('/src');
    const events: FsEvent[] = [];
    runtime.fs.watch('/', (event) => events.push(event));
    await sleep(REGISTERED);
    await runtime.fs.mkdir('/src/components/ui');
    await sleep(REGISTERED + 50);
    await runtime.fs.writeFile('/src/components/ui/Button.jsx', '');
    await sleep(10);
    expect(paths(events)).toContain('/src/components/ui/Button.jsx');
    expect(wc.fs.activeWatches().map((watch) => watch.path)).toContain('src/components/ui');
  });

  it('a re-sync lists several folders at a time and stops after its time limit on a slow container', async () => {
    const fs = new MemoryFs();
    for (let i = 0; i < 400; i++) await fs.writeFile(`d${i}.txt`, '');
    for (let i = 0; i < 1600; i++) await fs.mkdir(`dir${i}`, { recursive: true });
    // Every readdir is a round trip to the container; here it takes 20 ms.
    const slow = Object.assign(Object.create(fs) as MemoryFs, {
      readdir: async (...args: Parameters<MemoryFs['readdir']>) => {
        await sleep(20);
        return fs.readdir(...args);
      },
      watch: () => ({ close: () => undefined }),
    });
    const hub = new WatchHub(slow);
    hub.watch('/', () => undefined);
    const started = Date.now();
    await hub.resync();
    const took = Date.now() - started;
    // One folder at a time, 1,601 folders would take over 30 s; eight at a time, still 4 s.
    expect(took).toBeLessThan(RESYNC_MAX_MS + 500);
    hub.closeAll();
  });

  it('an install through the agent reports package-lock.json, nothing under node_modules, and adds no watch there', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/package.json', '{}');
    const events: FsEvent[] = [];
    runtime.fs.watch('/', (event) => events.push(event));
    await sleep(REGISTERED);
    const install = await runtime.spawn('npm', ['install', 'left-pad']);
    expect(await install.exit).toBe(0);
    await sleep(REGISTERED);
    expect(paths(events)).toContain('/package-lock.json');
    expect(paths(events).filter((path) => path.includes('node_modules'))).toEqual([]);
    expect(wc.fs.activeWatches().map((watch) => watch.path)).toEqual(['.']);
  });

  it('a command that makes a folder and fills it at once: its files are reported by the time its exit resolves', async () => {
    const { runtime } = await bootFake();
    const events: FsEvent[] = [];
    runtime.fs.watch('/', (event) => events.push(event));
    await sleep(REGISTERED);
    const command = await runtime.spawn('jsh', ['-c', 'mkdir -p gen/deep && echo hi > gen/deep/out.txt']);
    expect(await command.exit).toBe(0);
    // The folder's own watch registered after the file was written: only the re-sync before exit saw it.
    expect(paths(events)).toContain('/gen/deep/out.txt');
  });

  it('a command typed into the shell is followed by a re-sync too', async () => {
    const { runtime } = await bootFake();
    const events: FsEvent[] = [];
    runtime.fs.watch('/', (event) => events.push(event));
    await sleep(REGISTERED);
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
    await sleep(REGISTERED);
    expect(wc.fs.activeWatches()).toContainEqual({ path: 'old', recursive: false });
    await runtime.fs.rm('/old');
    await sleep(REGISTERED);
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
