// The agent's per-step costs that do not need a browser: the system prompt for a 1,000-file workspace
// (characters and estimated tokens, chars/4), and the output the model writes for a one-line change to a
// 500-line file as fs_editFile arguments vs fs_writeFile arguments. Computed in Node: Node 24's built-in
// type stripping loads system-prompt.ts (the same code the route runs), resolved by bench/lib/ts-loader.mjs.
import { importTs } from '../lib/ts-loader.mjs';
const FILES = 1000;
const LINES = 500;

const bytes = (value) => Buffer.byteLength(JSON.stringify(value), 'utf8');

export default {
  id: 'agent-prompt',
  description: `system prompt for a ${FILES}-file workspace; one-line change to a ${LINES}-line file (edit vs write)`,
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { buildSystemPrompt } = await importTs('lib/agent/server/system-prompt.ts');
    const state = {
      files: Array.from({ length: FILES }, (_, i) => `src/dir${i % 20}/sub${i % 7}/file${i}.js`),
      lastCommand: 'npm run dev',
      serverRunning: true,
      openPorts: [5173],
      installedPackages: ['react', 'react-dom', 'vite', '@vitejs/plugin-react'],
    };
    const chars = [];
    const buildMs = [];
    for (let i = 0; i < ctx.runs; i++) {
      const started = performance.now();
      const prompt = buildSystemPrompt({ mode: 'balanced', maxSteps: 5 }, state);
      buildMs.push(performance.now() - started);
      chars.push(prompt.length);
    }

    const lines = Array.from({ length: LINES }, (_, i) => `export const value${i} = computeSomething(${i}, 'label ${i}');`);
    const target = 250;
    const changed = [...lines];
    changed[target] = changed[target].replace('computeSomething', 'computeSomethingElse');
    const writeArgs = { path: 'src/values.js', content: `${changed.join('\n')}\n` };
    const editArgs = { path: 'src/values.js', edits: [{ search: lines[target], replace: changed[target] }] };
    const writeBytes = bytes(writeArgs);
    const editBytes = bytes(editArgs);

    return [
      {
        name: 'agent.system-prompt.bare-1000-files.chars',
        unit: 'chars',
        samples: chars,
        note: 'no manifest, open or recent files (agent-context measures a full workspace): files counted per folder + key paths',
      },
      { name: 'agent.system-prompt.bare-1000-files.tokens', unit: 'tokens', samples: chars.map((c) => Math.ceil(c / 4)), note: 'estimate: chars / 4' },
      { name: 'agent.system-prompt.bare-1000-files.build', unit: 'ms', samples: buildMs },
      { name: 'agent.one-line-change.fs_editFile', unit: 'bytes', samples: [editBytes], note: 'tool-call arguments (JSON)' },
      {
        name: 'agent.one-line-change.fs_writeFile',
        unit: 'bytes',
        samples: [writeBytes],
        baseline: { label: 'fs_editFile', value: editBytes },
        note: `${LINES}-line file rewritten; ratio = write / edit`,
      },
    ];
  },
};
