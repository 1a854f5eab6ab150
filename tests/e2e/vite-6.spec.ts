import { expect, test } from '@playwright/test';
import { openByName } from './support/ide';
import { importProject } from './support/project';
import { terminal } from './support/terminal';
import { previewFrame, replaceWord } from './support/vite-template';

// A React project on Vite 6, as people bring existing projects: Vite 5-7 transform and pre-bundle with esbuild
// and bundle with Rollup, both native. The runtime installs their WebAssembly builds beside them and runs the
// project's own Vite: esbuild's API starts its WebAssembly build as a `node` child and speaks its binary protocol
// over the child's stdin and stdout, as it does on a machine where it runs the native binary.

const SERVE_TIMEOUT_MS = 120_000;
const BUILD_TIMEOUT_MS = 180_000;

const PROJECT = {
  'package.json': {
    name: 'vite-6-react',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
    dependencies: { react: '^19.2.0', 'react-dom': '^19.2.0' },
    devDependencies: { '@vitejs/plugin-react': '^4.7.0', vite: '^6.4.1' },
  },
  // A TypeScript config, so Vite bundles it with esbuild before it can start.
  'vite.config.ts': [
    "import { defineConfig, type UserConfig } from 'vite'",
    "import react from '@vitejs/plugin-react'",
    '',
    'const config: UserConfig = { plugins: [react()] }',
    'export default defineConfig(config)',
    '',
  ].join('\n'),
  'index.html': [
    '<!doctype html>',
    '<html lang="en">',
    '  <head><meta charset="UTF-8" /><title>Vite 6 + React</title></head>',
    '  <body>',
    '    <div id="root"></div>',
    '    <script type="module" src="/src/main.tsx"></script>',
    '  </body>',
    '</html>',
    '',
  ].join('\n'),
  'src/main.tsx': [
    "import { StrictMode } from 'react'",
    "import { createRoot } from 'react-dom/client'",
    "import App from './App'",
    '',
    "createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>)",
    '',
  ].join('\n'),
  'src/App.tsx': [
    "import { useState } from 'react'",
    "import { label } from './label'",
    '',
    'export default function App() {',
    '  const [count, setCount] = useState<number>(0)',
    '  return (',
    '    <main>',
    '      <h1>Hello from Vite six</h1>',
    '      <button onClick={() => setCount((n) => n + 1)}>{label(count)}</button>',
    '    </main>',
    '  )',
    '}',
    '',
  ].join('\n'),
  'src/label.ts': ['export const label = (count: number): string => `Count is ${count}`', ''].join('\n'),
};

test('a Vite 6 project: esbuild and Rollup run as their WebAssembly builds for dev, hot updates, build and preview', async ({ page }, info) => {
  test.setTimeout(480_000);
  await importProject(page, info, 'vite-6-react', PROJECT);
  const shell = terminal(page, 1);
  await expect(shell.panel).toContainText('also installed esbuild-wasm@0.25.12, the WebAssembly build of esbuild@0.25.12');
  await expect(shell.panel).toContainText('also installed @rollup/wasm-node@4.68.4');

  await shell.start('npm run dev');
  await expect(shell.panel).toContainText(/VITE v6\.\d+\.\d+\s+ready in \d+ ms/, { timeout: SERVE_TIMEOUT_MS });
  const preview = previewFrame(page);
  await expect(preview.getByRole('heading', { name: 'Hello from Vite six' })).toBeVisible({ timeout: SERVE_TIMEOUT_MS });
  const counter = preview.getByRole('button', { name: /^Count is \d+$/ });
  await counter.click();
  await counter.click();
  await expect(counter).toHaveText('Count is 2');

  // esbuild transforms the edited file again; React Fast Refresh keeps the count.
  await openByName(page, 'App.tsx', 'App.tsx');
  await replaceWord(page, 'App.tsx', 'six', 'six, edited');
  await expect(preview.getByRole('heading', { name: 'Hello from Vite six, edited' })).toBeVisible({ timeout: 30_000 });
  await expect(counter).toHaveText('Count is 2');
  // A syntax error shows Vite's overlay naming the file; fixing it takes the overlay away.
  await replaceWord(page, 'App.tsx', 'edited', 'edited <');
  const overlay = preview.locator('vite-error-overlay');
  await expect(overlay).toBeVisible({ timeout: 30_000 });
  await expect(overlay).toContainText('App.tsx');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('!');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(overlay).toHaveCount(0, { timeout: 30_000 });
  await expect(preview.getByRole('heading', { name: 'Hello from Vite six, edited!' })).toBeVisible();

  await page.getByRole('button', { name: 'New terminal' }).click();
  const second = terminal(page, 2);
  await second.run('npm run build', { output: /✓ built in \d+(\.\d+)?m?s/, timeout: BUILD_TIMEOUT_MS });
  await second.run("ls dist/assets | grep -c '^index-.*\\.js$' | sed 's/^/entry chunks: /'", { output: 'entry chunks: 1' });
  await second.start('npm run preview');
  await expect(second.panel).toContainText('http://localhost:4173/', { timeout: SERVE_TIMEOUT_MS });
  await page.getByRole('combobox', { name: 'Preview port' }).selectOption('4173');
  await expect(preview.getByRole('heading', { name: 'Hello from Vite six, edited!' })).toBeVisible({ timeout: 30_000 });
  await expect(preview.locator('script[src*="@vite/client"]')).toHaveCount(0);
  await preview.getByRole('button', { name: 'Count is 0' }).click();
  await expect(preview.getByRole('button', { name: 'Count is 1' })).toBeVisible();
});
