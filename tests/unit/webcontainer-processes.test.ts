import { afterEach, describe, expect, it } from 'vitest';
import { bootFake, disposeAll, drain } from './fakes/webcontainer-harness';

afterEach(disposeAll);

const SERVER = "console.log('listening');\nlisten(3000);\n";
const STUBBORN_SERVER = "process.on('SIGINT', () => {});\nconsole.log('listening');\nlisten(3000);\n";

describe('agent processes on WebContainer', () => {
  it('npx does not stop at "Ok to proceed?": commands run with npm_config_yes', async () => {
    const { runtime, wc } = await bootFake();
    const command = await runtime.spawn('jsh', ['-c', 'npx create-thing']);
    const out = drain(command.output);
    expect(await command.exit).toBe(0);
    expect(out.text()).toContain('ran create-thing');
    expect(out.text()).not.toContain('Ok to proceed');
    // The user's own shell is left alone: there a person can answer.
    await runtime.shell();
    expect(wc.spawned.at(-1)?.options?.env).toBeUndefined();
  });

  it('stop sends Ctrl+C first, which ends the server under the shell, and then the port is closed', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/server.js', SERVER);
    const ports: string[] = [];
    runtime.onPort((event) => ports.push(`${event.type} ${event.port}`));
    const server = await runtime.spawn('jsh', ['-c', 'node server.js']);
    const out = drain(server.output);
    await out.until('listening');
    server.kill();
    expect(await server.exit).toBe(130);
    expect(wc.spawned[0]?.received).toEqual(['\x03']);
    // Ctrl+C was enough: kill() was not needed.
    expect(wc.spawned[0]?.killed).toBe(false);
    expect(ports).toEqual(['open 3000', 'close 3000']);
    await out.done;
    expect(out.text()).not.toContain('not confirmed');
  });

  it('a stop whose port stays open is reported as unconfirmed, not as stopped', async () => {
    const { runtime, wc } = await bootFake();
    await runtime.fs.writeFile('/server.js', STUBBORN_SERVER);
    const server = await runtime.spawn('jsh', ['-c', 'node server.js']);
    const out = drain(server.output);
    await out.until('listening');
    server.kill();
    await server.exit;
    expect(wc.spawned[0]?.killed).toBe(true);
    await out.done;
    expect(out.text()).toMatch(/stop not confirmed: port 3000 is still open/);
  });

  it('a killed process that never reports its end is said to be unconfirmed, with the exit code of a kill', async () => {
    const { runtime } = await bootFake({ exitOnKill: false });
    await runtime.fs.writeFile('/loop.js', "process.on('SIGINT', () => {});\nconsole.log('up');\nsetInterval(() => {}, 1);\n");
    const loop = await runtime.spawn('node', ['loop.js']);
    const out = drain(loop.output);
    await out.until('up');
    loop.kill();
    expect(await loop.exit).toBe(143);
    await out.done;
    expect(out.text()).toMatch(/stop not confirmed: the process did not report that it ended/);
  });

  it('disposing ends every process (the real exits never settle after teardown)', async () => {
    const { runtime } = await bootFake();
    await runtime.fs.writeFile('/loop.js', 'setInterval(() => {}, 1);\n');
    const loop = await runtime.spawn('node', ['loop.js']);
    const shell = await runtime.shell();
    runtime.dispose();
    expect(await loop.exit).toBe(143);
    expect(await shell.exit).toBe(143);
  });
});
