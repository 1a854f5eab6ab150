/**
 * Contract cases for processes. Each runs `node` on a script the case writes first, using only
 * console.log / console.error / process.exit / setInterval, so any Node-like runtime can run it.
 * Script paths are passed relative to the workspace root (the default cwd), the way a user types them.
 */
import type { Runtime, RuntimeProcess } from '../port';
import { collect, within } from './helpers';
import type { ContractCase, ContractContext } from './types';

const EXIT_MS = 10_000;
const LONG_RUNNING = "console.log('started');\nsetInterval(() => {}, 1000);\n";

const relative = (path: string) => path.replace(/^\/+/, '');

async function startLongRunning(rt: Runtime, t: ContractContext, name: string): Promise<RuntimeProcess> {
  await rt.fs.writeFile(`${t.dir}/${name}.js`, LONG_RUNNING);
  const process = await rt.spawn('node', [relative(`${t.dir}/${name}.js`)]);
  await collect(process).waitFor('started', EXIT_MS);
  return process;
}

/** Kills what a case started even when an assertion failed half-way, so cases stay independent. */
function cleanup(processes: RuntimeProcess[]) {
  for (const process of processes) process.kill();
}

export const processCases: ContractCase[] = [
  {
    name: 'spawn: node runs a script; output and exit code 0',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/hello.js`, "console.log('contract-ok');\n");
      const process = await rt.spawn('node', [relative(`${t.dir}/hello.js`)]);
      const { code, output } = await collect(process).untilExit(process, EXIT_MS);
      t.ok(output.includes('contract-ok'), `output contains contract-ok (got ${JSON.stringify(output)})`);
      t.equal(code, 0, 'exit code');
    },
  },
  {
    name: 'spawn: a failing script reports its exit code and stderr',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/fail.js`, "console.error('contract-err');\nprocess.exit(3);\n");
      const process = await rt.spawn('node', [relative(`${t.dir}/fail.js`)]);
      const { code, output } = await collect(process).untilExit(process, EXIT_MS);
      t.ok(output.includes('contract-err'), `stderr is in the output (got ${JSON.stringify(output)})`);
      t.equal(code, 3, 'exit code');
    },
  },
  {
    name: 'onProcessExit reports a finished command with its exit code',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/exit4.js`, 'process.exit(4);\n');
      const exits: { command: string; exitCode: number }[] = [];
      const stop = rt.onProcessExit((exit) => exits.push(exit));
      try {
        const process = await rt.spawn('node', [relative(`${t.dir}/exit4.js`)]);
        await collect(process).untilExit(process, EXIT_MS);
        const reported = (async () => {
          while (!exits.some((exit) => exit.command.includes('exit4.js'))) await new Promise((r) => setTimeout(r, 20));
        })();
        await within(reported, EXIT_MS, 'the exit event');
        const exit = exits.find((e) => e.command.includes('exit4.js'));
        t.equal(exit?.exitCode, 4, 'reported exit code');
      } finally {
        stop();
      }
    },
  },
  {
    name: 'spawn: cwd is a workspace path',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/here.js`, "console.log('cwd-ok');\n");
      const process = await rt.spawn('node', ['here.js'], { cwd: t.dir });
      const { code, output } = await collect(process).untilExit(process, EXIT_MS);
      t.ok(output.includes('cwd-ok'), `script found relative to cwd (got ${JSON.stringify(output)})`);
      t.equal(code, 0, 'exit code');
    },
  },
  {
    name: 'kill ends a running process',
    async run(rt, t) {
      const process = await startLongRunning(rt, t, 'forever');
      try {
        process.kill();
        await within(process.exit, EXIT_MS, 'exit after kill');
        t.ok(!rt.processes().some((p) => p.id === process.id), 'killed process left processes()');
      } finally {
        cleanup([process]);
      }
    },
  },
  {
    name: 'processes() lists running processes',
    async run(rt, t) {
      const process = await startLongRunning(rt, t, 'listed');
      try {
        const listed = rt.processes().find((p) => p.id === process.id);
        if (!listed) return t.fail('the running process is not listed');
        t.ok(listed.command.includes('node'), `command names the program (got ${JSON.stringify(listed.command)})`);
        process.kill();
        await within(process.exit, EXIT_MS, 'exit after kill');
        t.ok(!rt.processes().some((p) => p.id === process.id), 'an ended process is no longer listed');
      } finally {
        cleanup([process]);
      }
    },
  },
  {
    name: 'killAll ends every process',
    async run(rt, t) {
      const started = [await startLongRunning(rt, t, 'one'), await startLongRunning(rt, t, 'two')];
      try {
        await within(rt.killAll(), EXIT_MS, 'killAll');
        await within(Promise.all(started.map((p) => p.exit)), EXIT_MS, 'every exit after killAll');
        const alive = rt.processes().filter((p) => started.some((s) => s.id === p.id));
        t.equal(alive.length, 0, 'processes still listed after killAll');
      } finally {
        cleanup(started);
      }
    },
  },
];
