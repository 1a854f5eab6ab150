import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { openByName, region } from './support/ide';
import { terminal } from './support/terminal';
import { importTemplate, previewFrame, replaceWord } from './support/vite-template';

// The official create-vite templates, unmodified (their files come from create-vite's own tarball, served by the
// fixture registry), run the way their README says: npm install, npm run dev, edit and save, npm run build.
// What is checked is what a user sees: the page in the preview, the terminal's text.

const SERVE_TIMEOUT_MS = 90_000;
const TYPECHECK_TIMEOUT_MS = 180_000;

interface TemplateCase {
  template: string;
  heading: string;
  counter: RegExp;
  /** The file edited in the editor and a word in it replaced by another. */
  edit: { file: string; query: string; word: string; replacement: string };
  /** Typed after the replacement to make the file fail to compile. */
  broken: string;
  /** Component state is kept across the edit (Fast Refresh) rather than the page reloading. */
  keepsState: boolean;
  /**
   * A file with a type error must fail `command`: the build script where it type-checks first (tsc / vue-tsc),
   * else the template's own check script (svelte-check).
   */
  typeError?: { file: string; text: string; command: string };
}

const TS_TYPE_ERROR = { file: 'src/typo.ts', text: 'export const total: number = "three";', command: 'npm run build' };
// In a component, so vue-tsc and svelte-check are seen checking components and not only plain TypeScript.
const VUE_TYPE_ERROR = {
  file: 'src/components/Typo.vue',
  text: '<script setup lang="ts">const total: number = "three"</script><template><p>{{ total }}</p></template>',
  command: 'npm run build',
};
const SVELTE_TYPE_ERROR = {
  file: 'src/lib/Typo.svelte',
  text: '<script lang="ts">const total: number = "three"</script><p>{total}</p>',
  command: 'npm run check',
};

// One case per framework plugin through the whole round; the other templates (the JavaScript and TypeScript
// twins, Solid, Lit), which run the same plugins on the same Vite, are served, counted and edited in
// vite-frameworks.spec.ts.
const CASES: TemplateCase[] = [
  {
    template: 'preact',
    heading: 'Get started',
    counter: /^Count is (\d+)$/i,
    edit: { file: 'app.jsx', query: 'app.jsx', word: 'started', replacement: 'going' },
    broken: ' <',
    keepsState: false,
  },
  {
    template: 'react-ts',
    heading: 'Get started',
    counter: /^Count is (\d+)$/,
    edit: { file: 'App.tsx', query: 'App.tsx', word: 'started', replacement: 'going' },
    broken: ' <',
    keepsState: true,
    typeError: TS_TYPE_ERROR,
  },
  {
    template: 'vue-ts',
    heading: 'Get started',
    counter: /^Count is (\d+)$/i,
    edit: { file: 'HelloWorld.vue', query: 'HelloWorld', word: 'started', replacement: 'going' },
    broken: ' <div',
    keepsState: true,
    typeError: VUE_TYPE_ERROR,
  },
  {
    template: 'svelte-ts',
    heading: 'Get started',
    counter: /^Count is (\d+)$/i,
    edit: { file: 'App.svelte', query: 'App.svelte', word: 'started', replacement: 'going' },
    broken: ' {',
    keepsState: false,
    typeError: SVELTE_TYPE_ERROR,
  },
  // Its build runs the same `tsc` as react-ts's, whose failing path is checked there: one type check fewer in CI.
  {
    template: 'vanilla-ts',
    heading: 'Get started',
    counter: /^Count is (\d+)$/i,
    edit: { file: 'main.ts', query: 'main.ts', word: 'started', replacement: 'going' },
    broken: ' ${',
    keepsState: false,
  },
];

test.describe('create-vite templates in the offline runtime', () => {
  test.setTimeout(300_000);

  for (const c of CASES) {
    test(`${c.template}: install, dev server in the preview, edit on save, overlay, build`, async ({ page }, info) => {
      // Typing in the editor while a dev server runs must not crash the editor's plugins (or reach the terminal).
      const ideErrors: string[] = [];
      page.on('console', (message) => {
        if (/plugin crashed|Cannot convert object to primitive value/.test(message.text())) ideErrors.push(message.text());
      });
      const shell = await importTemplate(page, info, c.template);

      await shell.start('npm run dev');
      await expect(shell.panel).toContainText(/ready in \d+ ms/, { timeout: SERVE_TIMEOUT_MS });
      const preview = previewFrame(page);
      await expect(preview.getByRole('heading', { name: c.heading })).toBeVisible({ timeout: SERVE_TIMEOUT_MS });
      // Vite's own client is on the page: its HMR socket carries the edits below.
      await expect(preview.locator('script[src="/@vite/client"]')).toHaveCount(1);
      // The template's images are imports (a .png and .svg files) served as URLs.
      await expect(preview.locator('img.base')).toHaveJSProperty('complete', true);
      expect(await preview.locator('img.base').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      const counter = preview.getByRole('button', { name: c.counter });
      await counter.click();
      await counter.click();
      await counter.click();
      await expect(counter).toContainText('3');

      await openByName(page, c.edit.query, c.edit.file);
      await replaceWord(page, c.edit.file, c.edit.word, c.edit.replacement);
      await expect(preview.getByRole('heading', { name: c.heading.replace(c.edit.word, c.edit.replacement) })).toBeVisible({ timeout: 15_000 });
      if (c.keepsState) await expect(counter, 'Fast Refresh keeps the count').toContainText('3');
      // A module that accepts the update is hot-replaced; vanilla's main.ts does not, so its page reloads.
      await expect(shell.panel, 'Vite logs the update').toContainText(c.template.startsWith('vanilla') ? /page reload src\// : /hmr update \/src\//);

      // A syntax error shows Vite's overlay with the file; fixing it takes the overlay away.
      await replaceWord(page, c.edit.file, c.edit.replacement, c.edit.replacement + c.broken);
      const overlay = preview.locator('vite-error-overlay');
      await expect(overlay).toBeVisible({ timeout: 15_000 });
      await expect(overlay).toContainText(c.edit.file);
      // The IDE's error bar shows it too (so "Fix with agent" can send it), and goes once the fix is applied.
      const errorBar = region(page, 'Preview').getByRole('alert');
      await expect(errorBar).toContainText('The preview reported');
      await expect(errorBar.getByRole('button', { name: 'Fix with agent' })).toBeVisible();
      // Delete what was typed (an undo may take more than that when slow typing split the history differently)
      // and type a "!" in its place. Restoring the file exactly as it last compiled is not an update for every
      // plugin: vite-plugin-svelte compares the result with the last good one and sends none, so Vite's overlay
      // stays up, as it does on any machine.
      for (let i = 0; i < c.broken.length; i += 1) await page.keyboard.press('Backspace');
      await page.keyboard.type('!');
      await page.keyboard.press('ControlOrMeta+s');
      await expect(overlay).toHaveCount(0, { timeout: 15_000 });
      await expect(errorBar, 'the fixed error leaves the error bar without a reload').toHaveCount(0);
      await expect(preview.getByRole('heading', { name: `${c.heading.replace(c.edit.word, c.edit.replacement)}!`, exact: true })).toBeVisible();

      expect(ideErrors, 'the IDE page logged no errors while editing').toEqual([]);
      await expect(shell.panel).not.toContainText('Cannot convert object to primitive value');

      await page.getByRole('button', { name: 'New terminal' }).click();
      const second = terminal(page, 2);
      if (c.typeError) {
        // The real checker runs over the project: a type error fails the script (and stops a build before vite build).
        await second.run(`echo '${c.typeError.text}' > ${c.typeError.file}`);
        await second.run(`${c.typeError.command}; echo "exit status $?"`, {
          output: /Type 'string' is not assignable to type 'number'/,
          timeout: TYPECHECK_TIMEOUT_MS,
        });
        await expect(second.panel).toContainText(/exit status [1-9]/);
        await expect(second.panel, 'the error names the file and line').toContainText(new RegExp(`${c.typeError.file.replaceAll('.', '\\.')}:1:\\d+`));
        await expect(second.panel).not.toContainText(/built in [\d.]+m?s/);
        const shots = process.env.TABSMITH_SHOTS_DIR;
        if (shots) await page.screenshot({ path: join(shots, `vite-${c.template}-type-error.png`) });
        await second.run(`rm ${c.typeError.file}`);
      }
      await second.run('npm run build', { output: /built in [\d.]+m?s/, timeout: c.typeError ? TYPECHECK_TIMEOUT_MS : SERVE_TIMEOUT_MS });
      await second.run('ls dist', { output: 'index.html' });

      // vite preview serves the build: the built page (no dev server code) renders and counts.
      await second.start('npm run preview');
      await expect(second.panel).toContainText('http://localhost:4173/', { timeout: SERVE_TIMEOUT_MS });
      await page.getByRole('combobox', { name: 'Preview port' }).selectOption('4173');
      await expect(preview.getByRole('heading', { name: `${c.heading.replace(c.edit.word, c.edit.replacement)}!`, exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await expect(preview.locator('script[src*="@vite/client"]')).toHaveCount(0);
      await preview.getByRole('button', { name: c.counter }).click();
      await expect(preview.getByRole('button', { name: c.counter })).toContainText('1');
      // TABSMITH_SHOTS_DIR keeps a picture of the IDE showing the built page, for people reviewing the templates.
      const shots = process.env.TABSMITH_SHOTS_DIR;
      if (shots) {
        await page.screenshot({ path: join(shots, `vite-${c.template}.png`) });
      }
    });
  }
});
