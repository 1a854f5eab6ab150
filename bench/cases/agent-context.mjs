// The agent's request size over a long session and its system prompt on big projects, computed in Node with
// the same modules the chat and the route run (lib/agent/context, lib/agent/server/system-prompt.ts):
// - a 40-step recorded-style session (bench/lib/long-session.mjs: 4 turns, 36 fs_writeFile calls writing
//   10 MB in total, ~1,500 tokens of text per step) — each request's body bytes and estimated tokens as the
//   client sends them, against the budget and against sending the whole history;
// - system prompt tokens (chars / 4) for 1,000 and 20,000-file projects.
import { historyBefore, sessionSteps } from '../lib/long-session.mjs';
import { importTs } from '../lib/ts-loader.mjs';

function project(total) {
  const files = ['package.json', 'tsconfig.json', 'vite.config.ts', 'README.md', 'index.html', 'src/main.tsx', 'src/App.tsx'];
  for (let i = 0; files.length < total * 0.8; i++) files.push(`src/${['components', 'lib', 'hooks', 'pages', 'styles'][i % 5]}/area${i % 40}/file${i}.tsx`);
  for (let i = 0; files.length < total * 0.95; i++) files.push(`docs/section${i % 12}/page${i}.md`);
  for (let i = 0; files.length < total; i++) files.push(`tests/${i % 2 ? 'unit' : 'e2e'}/case${i}.test.ts`);
  return files;
}

export default {
  id: 'agent-context',
  description: 'request size per step over a 40-step, 10 MB session; system prompt tokens for 1,000 / 20,000 files',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const { prepareMessages } = await importTs('lib/agent/context/prepare.ts');
    const { createSummaryCache } = await importTs('lib/agent/context/summary-cache.ts');
    const { DEFAULT_CONTEXT_BUDGET, jsonBytes } = await importTs('lib/agent/context/budget.ts');
    const { replaySummary } = await importTs('lib/agent/context/summary.ts');
    const { buildSystemPrompt } = await importTs('lib/agent/server/system-prompt.ts');
    const { manifestFromPackageJson } = await importTs('lib/agent/context/manifest.ts');

    const workspaceState = { files: project(200), lastCommand: null, serverRunning: false, openPorts: [], installedPackages: [] };
    const cache = createSummaryCache(null);
    const steps = sessionSteps();
    const bytes = [];
    const tokens = [];
    const compactedAt = [];
    let unbounded = 0;
    for (let i = 0; i < steps.length; i++) {
      const messages = historyBefore(i);
      const rest = { id: 'bench', trigger: 'submit-message', messageId: undefined, mode: 'deep', workspaceState };
      const prepared = await prepareMessages(messages, {
        chatId: 'bench',
        cache,
        summarise: async ({ transcript }) => replaySummary(transcript),
        otherBytes: jsonBytes(rest),
      });
      bytes.push(jsonBytes({ ...rest, messages: prepared.messages }));
      tokens.push(prepared.tokens);
      if (prepared.summarised) compactedAt.push(i + 1);
      if (i === steps.length - 1) unbounded = jsonBytes({ ...rest, messages });
    }
    const perStep = bytes.map((b, i) => `${i + 1}:${(b / 1024).toFixed(0)}K`).join(' ');
    console.log(`[agent-context] request KB per step: ${perStep}; compacted at steps ${compactedAt.join(', ') || 'none'}`);

    const manifest = manifestFromPackageJson(
      JSON.stringify({
        name: 'app',
        scripts: { dev: 'vite', build: 'vite build', test: 'vitest' },
        dependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' },
        devDependencies: { vite: '^7.0.0' },
      }),
    );
    const promptTokens = (count) => {
      const samples = [];
      for (let run = 0; run < ctx.runs; run++) {
        const prompt = buildSystemPrompt(
          { mode: 'balanced', maxSteps: 5 },
          {
            files: project(count),
            lastCommand: 'npm run dev',
            serverRunning: true,
            openPorts: [5173],
            installedPackages: ['react', 'react-dom', 'vite'],
            openFiles: ['src/App.tsx'],
            recentFiles: ['src/main.tsx'],
            manifest,
          },
        );
        samples.push(Math.ceil(prompt.length / 4));
      }
      return samples;
    };

    return [
      {
        name: 'agent.context.request-bytes.per-step',
        unit: 'bytes',
        samples: bytes,
        baseline: { label: 'budget', value: DEFAULT_CONTEXT_BUDGET.maxBytes },
        note: `40 steps, 10 MB written; compacted at steps ${compactedAt.join(', ') || 'none'}; ratio = median / byte budget`,
      },
      {
        name: 'agent.context.request-bytes.last-step',
        unit: 'bytes',
        samples: [bytes[bytes.length - 1]],
        baseline: { label: 'whole history', value: unbounded },
        note: 'ratio = sent / whole history',
      },
      {
        name: 'agent.context.request-tokens.per-step',
        unit: 'tokens',
        samples: tokens,
        baseline: { label: 'budget', value: DEFAULT_CONTEXT_BUDGET.maxTokens },
        note: 'estimated (chars / 4); max must stay under the budget',
      },
      { name: 'agent.system-prompt.1000-files.tokens', unit: 'tokens', samples: promptTokens(1_000), note: 'estimate: chars / 4; target ≤ 2,000' },
      { name: 'agent.system-prompt.20000-files.tokens', unit: 'tokens', samples: promptTokens(20_000), note: 'estimate: chars / 4; target ≤ 2,000' },
    ];
  },
};
