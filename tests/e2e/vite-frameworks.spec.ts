import { expect, test } from '@playwright/test';
import { terminal } from './support/terminal';
import { importTemplate, previewFrame } from './support/vite-template';

// create-vite templates whose framework only the project's own Vite with every plugin of its config runs:
// Solid's plugin compiles its JSX (compiled for React, the page stays empty), and Lit's decorators
// follow the template's tsconfig (target es2023, experimentalDecorators). Unmodified, as create-vite writes them.

const SERVE_TIMEOUT_MS = 90_000;
const BUILD_TIMEOUT_MS = 240_000;

const CASES = [
  { template: 'solid-ts', built: /built in [\d.]+m?s/ },
  { template: 'lit-ts', built: /built in [\d.]+m?s/ },
];

test.describe('framework templates on the project’s own Vite', () => {
  test.setTimeout(420_000);

  for (const c of CASES) {
    test(`${c.template}: the dev server renders the framework's page, its counter counts, and npm run build builds`, async ({ page }, info) => {
      const shell = await importTemplate(page, info, c.template);

      await shell.start('npm run dev');
      await expect(shell.panel).toContainText(/VITE v8\.\d+\.\d+\s+ready in \d+ ms/, { timeout: SERVE_TIMEOUT_MS });
      const preview = previewFrame(page);
      await expect(preview.getByRole('heading', { name: 'Get started' })).toBeVisible({ timeout: SERVE_TIMEOUT_MS });
      // The counter is the framework's own reactivity at work: compiled for the wrong framework it would not count.
      const counter = preview.getByRole('button', { name: /^Count is \d+$/ });
      await counter.click();
      await counter.click();
      await expect(counter).toHaveText(/Count is 2/);

      await page.getByRole('button', { name: 'New terminal' }).click();
      const second = terminal(page, 2);
      await second.run('npm run build; echo "exit status $?"', { output: /exit status \d+/, timeout: BUILD_TIMEOUT_MS });
      await expect(second.panel).toContainText(c.built);
      await expect(second.panel).toContainText('exit status 0');
      await second.run('ls dist', { output: 'index.html' });
    });
  }
});
