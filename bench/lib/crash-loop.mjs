// The kill loop: the browser is killed (SIGKILL: no unload, no flush) a random 0–50 ms after typing or after
// Ctrl+S, then started again on the same profile, and what browser storage holds is checked against what the
// IDE had shown. A loss is a file whose stored text is not what was last shown as saved (or the save under way
// at the kill): empty, partial or older. Typed text that was never saved is not a loss, but whether it came back
// (from the file or the unsaved-text journal) is counted per kill. Shared by the bench (50 runs) and the e2e
// (a few): both drive the IDE through roles and labels only.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.mjs';

export const MAX_KILL_DELAY_MS = 50;
const FILE = 'crash.txt';
const PATH = `/${FILE}`;
const LOAD_TIMEOUT_MS = 60_000;

/** Seeded 32-bit generator (mulberry32): the same seed gives the same delays, so a failing run can be replayed. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Processes started with this profile (the browser and its children): only ours carry its unique path. */
export function profileProcesses(profile) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`--user-data-dir=${profile}`)) pids.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return pids;
}

/** SIGKILL to every process of the profile, as a crash or the OS killing the browser would. */
export function killBrowser(profile) {
  for (const pid of profileProcesses(profile)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone with its parent
    }
  }
}

/** A persistent Chromium on `profile` (the profile outlives the kill, as a real browser's does). */
export async function launchProfile(profile, baseURL) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL,
    viewport: { width: 1440, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** Page script: what IndexedDB holds for one file and its journal entry (read straight from the database). */
async function readStored([workspaceId, path]) {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('tabsmith');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const get = (store) =>
    new Promise((resolve) => {
      const request = db.transaction(store).objectStore(store).get([workspaceId, path]);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  const [file, draft] = [await get('files'), await get('journal')];
  db.close();
  return { file: typeof file?.content === 'string' ? file.content : null, draft: typeof draft?.content === 'string' ? draft.content : null };
}

/** Page script: reports the moment the file's tab turns from "unsaved changes" to saved (as it is drawn). */
function watchSavedTab(file) {
  let dirty = false;
  const check = () => {
    const tabs = [...document.querySelectorAll('[role="tab"]')].map((tab) => tab.getAttribute('aria-label') ?? '');
    if (tabs.includes(`${file}, unsaved changes`)) dirty = true;
    else if (dirty && tabs.includes(file)) {
      dirty = false;
      void window.__crashLoopShownSaved();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
}

const tabs = (page) => page.getByRole('tablist', { name: 'Open files' });
const editor = (page) => page.getByRole('region', { name: 'Editor' }).locator('.cm-content');

async function waitForIde(page) {
  await page.getByRole('tree', { name: 'Workspace files' }).waitFor({ timeout: LOAD_TIMEOUT_MS });
}

async function createWorkspaceWithFile(page) {
  await page.goto('/?runtime=offline');
  await page.getByRole('button', { name: 'New workspace' }).click({ timeout: LOAD_TIMEOUT_MS });
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByRole('textbox', { name: 'Workspace name' }).fill('Kill loop');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/[?&]ws=/, { timeout: LOAD_TIMEOUT_MS });
  await waitForIde(page);
  await page.getByRole('toolbar', { name: 'File actions' }).getByRole('button', { name: 'New file', exact: true }).click();
  await page.getByRole('textbox', { name: 'New file name' }).fill(FILE);
  await page.keyboard.press('Enter');
  await tabs(page).getByRole('tab', { name: FILE, exact: true }).waitFor();
  return new URL(page.url()).searchParams.get('ws') ?? '';
}

/** After a restart: accept restored text (so the next run types on it) and settle a conflict in its favour. */
async function takeRestored(page) {
  const restored = page.getByRole('alert', { name: 'Restored unsaved changes' });
  if (await restored.isVisible()) await restored.getByRole('button', { name: 'Keep' }).click();
  const keepMine = page.getByRole('button', { name: 'Keep my version' });
  if (await keepMine.isVisible()) await keepMine.click();
}

/**
 * Runs the loop. `delayFor(run, kind, random)` gives each kill's delay in ms; the default draws 0–50 ms from the
 * seeded generator. Kills alternate: odd runs after typing, even runs after Ctrl+S. Returns the counts and every
 * loss described.
 */
export async function runCrashLoop({ baseURL, runs, seed, delayFor, log = () => undefined }) {
  const random = seededRandom(seed);
  const delay = delayFor ?? (() => Math.floor(random() * (MAX_KILL_DELAY_MS + 1)));
  const profile = mkdtempSync(join(tmpdir(), 'tabsmith-kill-loop-'));
  const result = { runs: 0, kills: 0, losses: [], typedBack: 0, shownSaved: 0, conflicts: 0 };
  /** What was last shown as saved, and the text of the save under way (either may be in storage after a kill). */
  let saved = '';
  let saving = null;
  let shownThisRun = false;
  let session = null;
  const start = async () => {
    session = await launchProfile(profile, baseURL);
    await session.context.exposeBinding('__crashLoopShownSaved', () => {
      if (saving === null) return;
      saved = saving;
      shownThisRun = true;
    });
    await session.context.addInitScript(watchSavedTab, FILE);
    return session.page;
  };
  try {
    let page = await start();
    const workspaceId = await createWorkspaceWithFile(page);
    let text = '';
    for (let run = 1; run <= runs; run++) {
      const kind = run % 2 === 1 ? 'typing' : 'save';
      const wait = delay(run, kind, random);
      await editor(page).click();
      await page.keyboard.press('ControlOrMeta+End');
      text += ` r${run}`;
      await page.keyboard.type(` r${run}`);
      saving = null;
      shownThisRun = false;
      if (kind === 'save') {
        saving = text;
        await page.keyboard.press('ControlOrMeta+s');
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      killBrowser(profile);
      result.kills++;
      await session.context.close().catch(() => undefined);

      page = await start();
      await page.goto(`/?runtime=offline&ws=${workspaceId}`);
      await waitForIde(page);
      const stored = await page.evaluate(readStored, [workspaceId, PATH]);
      const allowed = saving === null || shownThisRun ? [saved] : [saved, saving];
      const file = stored.file ?? '';
      if (!allowed.includes(file)) {
        result.losses.push(`run ${run} (${kind}, ${wait} ms): stored ${JSON.stringify(file)}, shown as saved ${JSON.stringify(saved)}`);
      } else if (file === saving) saved = file; // the save under way landed (its "saved" was not seen in time)
      if (shownThisRun) result.shownSaved++;
      const typedBack = file === text || stored.draft === text;
      if (typedBack) result.typedBack++;
      log(
        `run ${run}: killed ${wait} ms after ${kind === 'save' ? 'Ctrl+S' : 'typing'}; shown saved: ${shownThisRun ? 'yes' : 'no'}; typed text back: ${typedBack ? 'yes' : 'no'}${allowed.includes(file) ? '' : '; LOST'}`,
      );
      result.runs++;

      if (await page.getByRole('button', { name: 'Keep my version' }).isVisible()) result.conflicts++;
      await takeRestored(page);
      // Which tabs were open is stored a moment after it changes: a kill right after the start may predate it.
      const tab = tabs(page).getByRole('tab', { name: new RegExp(`^${FILE.replace('.', '\\.')}`) });
      if ((await tab.count()) === 0) await page.getByRole('tree', { name: 'Workspace files' }).getByRole('treeitem', { name: FILE, exact: true }).click();
      await tab.click();
      // The next run types on what the IDE shows now (restored text, or the file when nothing came back).
      text = (await editor(page).textContent()) ?? '';
    }
    await session.context.close();
    session = null;
  } finally {
    if (session) await session.context.close().catch(() => undefined);
    killBrowser(profile);
    rmSync(profile, { recursive: true, force: true });
  }
  return result;
}
