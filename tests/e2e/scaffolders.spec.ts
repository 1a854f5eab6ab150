import { expect, type Page } from '@playwright/test';
import { sharedIdeTest } from './support/shared-ide';
import { terminal } from './support/terminal';

// Project scaffolders from the npm registry, run in the IDE's terminal with npx the way their docs say, on
// the offline runtime (packages come from the fixture registry: real tarballs served on loopback). What is
// checked is what a user sees: the files in the terminal, the new project's page in the preview.

// Each scaffolder starts in an empty workspace's root; one booted workspace serves the file (see sharedIdeTest).
const test = sharedIdeTest();

const SCAFFOLD_TIMEOUT_MS = 60_000;
const INSTALL_TIMEOUT_MS = 90_000;

const previewFrame = (page: Page) => page.frameLocator('iframe[title="Preview"]');

test.describe('project scaffolders', () => {
  test.setTimeout(180_000);

  test('npm create vite@latest scaffolds a React + TypeScript app that installs and serves its page', async ({ page }) => {
    const shell = terminal(page, 1);
    // As Vite's docs say to start (npm create runs create-vite through npm exec). The terminal is a TTY, where
    // create-vite would ask which linter to use and whether to start at once; its flags answer those on one line.
    await shell.run('npm create vite@latest my-app -- --template react-ts --no-interactive', {
      output: /Done\. Now run:/,
      timeout: SCAFFOLD_TIMEOUT_MS,
    });
    await expect(shell.panel).toContainText('create-vite v9.');
    await expect(shell.panel).toContainText(/Scaffolding project in \S*\/my-app/);
    await expect(shell.panel).not.toContainText(/TypeError|is not a function|No such built-in module/);
    await shell.run('ls my-app my-app/src', { output: /vite\.config\.ts/ });
    await expect(shell.panel).toContainText('App.tsx');
    await shell.run('cd my-app && npm install', { output: /added \d+ packages?/, timeout: INSTALL_TIMEOUT_MS });
    await shell.start('npm run dev');
    await expect(shell.panel).toContainText(/ready in \d+ ms/, { timeout: INSTALL_TIMEOUT_MS });
    await expect(previewFrame(page).getByRole('heading', { name: 'Get started' })).toBeVisible({ timeout: INSTALL_TIMEOUT_MS });
  });

  test('npx sv create scaffolds a SvelteKit project from its flags, which installs and serves its page', async ({ page }) => {
    const shell = terminal(page, 1);
    // sv reads its templates from its own package; util.styleText and zlib's createGunzip are what it needs of Node.
    await shell.run('npx --yes sv@latest create my-sv --template minimal --types ts --no-add-ons --no-install', {
      output: "You're all set!",
      timeout: SCAFFOLD_TIMEOUT_MS,
    });
    await expect(shell.panel).not.toContainText(/TypeError|SyntaxError|is not a function/);
    await shell.run('ls my-sv my-sv/src/routes', { output: 'vite.config.ts' });
    await expect(shell.panel).toContainText('+page.svelte');
    // SvelteKit is a plugin of the project's own Vite: its dev server renders the route on the server and
    // hydrates it in the preview.
    await shell.run('cd my-sv && npm install', { output: /added \d+ packages/, timeout: INSTALL_TIMEOUT_MS });
    await shell.start('npm run dev');
    await expect(shell.panel).toContainText(/VITE v8\.\d+\.\d+\s+ready in \d+ ms/, { timeout: INSTALL_TIMEOUT_MS });
    await expect(previewFrame(page).getByRole('heading', { name: 'Welcome to SvelteKit' })).toBeVisible({ timeout: INSTALL_TIMEOUT_MS });
    await expect(previewFrame(page).getByRole('link', { name: 'svelte.dev/docs/kit' })).toBeVisible();
  });

  test('npx create-astro stops where it must download its template from GitHub, and says so', async ({ page }) => {
    const shell = terminal(page, 1);
    // create-astro fetches every template (even "minimal") from github.com, which a tab cannot reach: only the
    // app's npm proxy is. Its own Node code gets that far; the failure names the address it could not fetch.
    await shell.run('npx --yes create-astro@latest my-astro --template minimal --no-install --no-git --yes', {
      output: 'Error: Failed to fetch https://github.com/withastro/astro/tree/examples/minimal/',
      timeout: SCAFFOLD_TIMEOUT_MS,
    });
    await expect(shell.panel).not.toContainText(/No such built-in module|does not provide an export named|is not a function/);
    await shell.run('ls my-astro', { output: 'ls: my-astro: No such file or directory' });
  });
});
