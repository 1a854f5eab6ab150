// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { parseNodeArgs } from '@/lib/runtime-frame/offline/command-line';
import { runNode } from '@/lib/runtime-frame/offline/node-exec';
import { holdWhilePending } from '@/lib/runtime-frame/offline/node/pending-work';
import { InputChannel } from '@/lib/runtime-frame/offline/process';
import { nodeDeps, workspace } from './node-run-helpers';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/**
 * A fetch that answers after `ms`, as a slow server would, with nothing printed meanwhile. Its timer starts
 * here, outside the process, so that the process has no timer of its own to wait for.
 */
function slowFetch(ms: number): typeof fetch {
  const answer = new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('late answer')), ms));
  return () => answer;
}

async function run(code: string, ownsGlobalScope: boolean, files: Record<string, string> = {}): Promise<string> {
  let output = '';
  const io = { cwd: '/', env: {}, signal: new AbortController().signal, stdin: new InputChannel(), write: (text: string) => (output += text) };
  const args = files['/main.mjs'] ? ['/main.mjs'] : ['-e', code];
  await runNode(parseNodeArgs(args), io, { ...nodeDeps(workspace(files)), ownsGlobalScope });
  return output;
}

describe('work pending in the browser keeps a process alive, as it would in Node', () => {
  const program = "fetch('http://example.test/slow').then((r) => r.text()).then((t) => console.log(t));";

  it('a process waits for a slow fetch it did not await at its top level', async () => {
    globalThis.fetch = slowFetch(900);
    expect(await run(program, true)).toBe('late answer\n');
  });

  it('a process waits for a response body that arrives after the headers', async () => {
    // The body's timer starts here, outside the process, as slowFetch's does.
    const body = new Promise<Uint8Array>((resolve) => setTimeout(() => resolve(new TextEncoder().encode('slow body')), 900));
    const stream = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        controller.enqueue(await body);
        controller.close();
      },
    });
    globalThis.fetch = () => Promise.resolve(new Response(stream));
    expect(await run(program, true)).toBe('slow body\n');
  });

  it('a process on a shared thread cannot tell its fetch from another’s, and ends as idle', async () => {
    globalThis.fetch = slowFetch(900);
    expect(await run(program, false)).toBe('');
  });

  it('a timer an ES module sets after an await keeps a process in a worker alive', async () => {
    const files = {
      '/main.mjs':
        'const keep = setInterval(() => {}, 100);\nsetTimeout(() => clearInterval(keep), 900);\nawait import("/lib.mjs");\nsetTimeout(() => console.log("late"), 600);\nconsole.log("imported");\n',
      '/lib.mjs': 'export const value = 1;\n',
    };
    expect(await run('', true, files)).toBe('imported\nlate\n');
  });

  it('holds while a WebAssembly compilation runs, and puts the functions back', async () => {
    const compile = WebAssembly.compile;
    const held: string[] = [];
    const undo = holdWhilePending(globalThis, () => {
      held.push('hold');
      return () => held.push('release');
    });
    // The smallest valid module: the magic number and version.
    await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    await Promise.resolve();
    undo();
    expect(held).toEqual(['hold', 'release']);
    expect(WebAssembly.compile).toBe(compile);
  });
});
