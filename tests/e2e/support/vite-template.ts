// Helpers for tests that run create-vite's templates: their files as published, the preview, editing a word.
import { expect, type FrameLocator, type Page, type TestInfo } from '@playwright/test';
import { zipSync } from 'fflate';
import { writeFileSync } from 'node:fs';
import { createViteTemplate } from '../fixtures/registry/templates.mjs';
import { fixtureRegistryUrl } from './registry';
import { terminal, type TerminalDriver } from './terminal';
import { importZip } from './workspace';

/** The files of create-vite's `template-<name>` folder, as create-vite writes them when it scaffolds. */
export async function templateFiles(template: string): Promise<Record<string, Uint8Array>> {
  const files = await createViteTemplate(fixtureRegistryUrl(), template);
  return Object.fromEntries(files.map((file) => [file.path, file.data]));
}

const INSTALL_TIMEOUT_MS = 120_000;

/**
 * Imports create-vite's `template` as a zip (with a README, as a downloaded project has), waits for the npm
 * install the IDE runs for it, and returns the first terminal.
 */
export async function importTemplate(page: Page, info: TestInfo, template: string): Promise<TerminalDriver> {
  const zipPath = info.outputPath(`vite-${template}.zip`);
  writeFileSync(zipPath, zipSync({ 'README.md': new TextEncoder().encode(`# vite-${template}\n`), ...(await templateFiles(template)) }));
  await importZip(page, zipPath);
  const shell = terminal(page, 1);
  await expect(shell.panel, 'the IDE runs npm install for the project').toContainText('$ npm install', { timeout: 30_000 });
  await shell.waitForPrompt(INSTALL_TIMEOUT_MS);
  return shell;
}

export const previewFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Preview"]');

/** Double-clicks `word` where it first appears in the open file (selecting it), types `text` over it, saves. */
export async function replaceWord(page: Page, file: string, word: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: `Contents of ${file}` });
  const box = await editor.evaluate((content, target) => {
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(target) ?? -1;
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + target.length);
      const rect = range.getBoundingClientRect();
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    }
    return null;
  }, word);
  if (!box) throw new Error(`"${word}" is not on screen in ${file}`);
  await page.mouse.dblclick(box.x, box.y);
  await page.keyboard.type(text);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByRole('tab', { name: file, exact: true })).toBeVisible();
}
