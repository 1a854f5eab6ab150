import { strToU8, zipSync } from 'fflate';
import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { importZip } from './workspace';

/**
 * Opens a project the way a user brings their own: a zip of its files imported from the launcher ("Import
 * zip"), on the offline runtime. Objects are written as formatted JSON (package.json), strings as they are.
 */
export async function importProject(page: Page, info: TestInfo, name: string, files: Record<string, string | object>): Promise<void> {
  const entries = Object.fromEntries(
    Object.entries(files).map(([path, contents]) => [path, strToU8(typeof contents === 'string' ? contents : JSON.stringify(contents, null, 2) + '\n')]),
  );
  const zipPath = info.outputPath(`${name}.zip`);
  writeFileSync(zipPath, zipSync(entries));
  await importZip(page, zipPath);
}
