import { strToU8, zipSync } from 'fflate';
import { writeFileSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { terminal } from './terminal';
import { importZip } from './workspace';

/** The install the IDE runs when a project with a package.json opens fetches a real tree. */
const STARTUP_INSTALL_TIMEOUT_MS = 90_000;

/**
 * Opens a project the way a user brings their own: a zip of its files imported from the launcher ("Import
 * zip"), on the offline runtime. Objects are written as formatted JSON (package.json), strings as they are.
 * A README.md is always added: an import unwraps a zip whose files all share one top folder, and a project
 * whose only file is `site/index.html` must keep its `site/`.
 *
 * A project with a package.json gets `npm install` from the IDE as it opens; this waits for that to end, so
 * nothing typed afterwards lands in the middle of it.
 */
export async function importProject(page: Page, info: TestInfo, name: string, files: Record<string, string | object>): Promise<void> {
  const all: Record<string, string | object> = { 'README.md': `# ${name}\n`, ...files };
  const entries = Object.fromEntries(
    Object.entries(all).map(([path, contents]) => [path, strToU8(typeof contents === 'string' ? contents : JSON.stringify(contents, null, 2) + '\n')]),
  );
  const zipPath = info.outputPath(`${name}.zip`);
  writeFileSync(zipPath, zipSync(entries));
  await importZip(page, zipPath);

  const shell = terminal(page, 1);
  if ('package.json' in files) {
    await expect(shell.panel, 'the IDE runs npm install for a project with a package.json').toContainText('$ npm install', { timeout: 30_000 });
    await shell.waitForPrompt(STARTUP_INSTALL_TIMEOUT_MS);
  } else {
    await shell.waitForPrompt();
  }
}
