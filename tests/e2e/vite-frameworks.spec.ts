import { expect, test } from '@playwright/test';
import { terminal } from './support/terminal';
import { importTemplate, previewFrame } from './support/vite-template';

// The rest of the templates create-vite ships (vite-templates.spec.ts takes one per framework plugin through
// the whole round of edit, overlay, type check, build and preview): each installs, serves its page on the
// project's own Vite, counts, and takes an edit of its component file without a reload. Solid's plugin compiles
// its JSX (compiled for React, the page stays empty), and Lit's decorators follow the template's tsconfig (target
// es2023, experimentalDecorators): those two also build. Unmodified, as create-vite writes them. (create-vite
// 9.3.0's qwik and qwik-ts ask for an @builder.io/qwik version the registry does not have: they install nowhere.)

const SERVE_TIMEOUT_MS = 90_000;
const BUILD_TIMEOUT_MS = 240_000;

interface Case {
  template: string;
  /** The file holding the page's "Documentation" heading, which the edit renames. */
  component: string;
  builds?: boolean;
}

const CASES: Case[] = [
  { template: 'react', component: 'src/App.jsx' },
  { template: 'vue', component: 'src/components/HelloWorld.vue' },
  { template: 'svelte', component: 'src/App.svelte' },
  { template: 'vanilla', component: 'src/main.js' },
  { template: 'preact-ts', component: 'src/app.tsx' },
  { template: 'solid', component: 'src/App.jsx' },
  { template: 'solid-ts', component: 'src/App.tsx', builds: true },
  { template: 'lit', component: 'src/my-element.js' },
  { template: 'lit-ts', component: 'src/my-element.ts', builds: true },
];

test.describe('every other create-vite template on the project’s own Vite', () => {
  test.setTimeout(300_000);

  for (const c of CASES) {
    test(`${c.template}: the dev server renders the page, its counter counts, an edit shows${c.builds ? ', and npm run build builds' : ''}`, async ({
      page,
    }, info) => {
      const shell = await importTemplate(page, info, c.template);
      await shell.start('npm run dev');
      await expect(shell.panel).toContainText(/VITE v8\.\d+\.\d+\s+ready in \d+ ms/, { timeout: SERVE_TIMEOUT_MS });
      const preview = previewFrame(page);
      await expect(preview.getByRole('heading', { name: 'Get started' })).toBeVisible({ timeout: SERVE_TIMEOUT_MS });
      // The counter is the framework's own reactivity at work: compiled for the wrong framework it would not count.
      const counter = preview.getByRole('button', { name: /^Count is \d+$/i });
      await counter.click();
      await counter.click();
      await expect(counter).toHaveText(/Count is 2/i);

      await page.getByRole('button', { name: 'New terminal' }).click();
      const second = terminal(page, 2);
      await second.run(`sed -i 's/<h2>Documentation</<h2>Reference</' ${c.component}`);
      await expect(preview.getByRole('heading', { name: 'Reference' }), 'the edit reaches the page').toBeVisible({ timeout: 30_000 });
      if (!c.builds) return;
      await second.run('npm run build; echo "exit status $?"', { output: /exit status \d+/, timeout: BUILD_TIMEOUT_MS });
      await expect(second.panel).toContainText(/built in [\d.]+m?s/);
      await expect(second.panel).toContainText('exit status 0');
      await second.run('ls dist', { output: 'index.html' });
    });
  }
});
