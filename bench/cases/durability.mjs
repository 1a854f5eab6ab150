// Durability costs: (1) what the unsaved-text journal costs while typing in the IDE's editor — p99 keystroke to
// next paint in a 1 MB file, with the journal and with its IndexedDB writes turned into no-ops, same build, same
// page, alternating runs; (2) how long saving a 50 MB file takes through the workspace's persistence (chunked,
// durable flush), next to one raw IndexedDB put of the same bytes in the same page.
import { openBenchPage } from '../lib/bench-page.mjs';
import { summarize } from '../lib/stats.mjs';

const KEYSTROKES = 200;
const TYPING_DELAY_MS = 25;
const median = (samples) => summarize(samples)?.median ?? 0;

function p99(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
}

/** Page script: keydown (its event time) to the first task after the next frame, per keystroke. */
function installLatencyProbe() {
  window.__keyLatency = [];
  document.addEventListener(
    'keydown',
    (event) => {
      const started = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__keyLatency.push(performance.now() - started), 0));
    },
    true,
  );
}

/** Page script: the main-thread time of each journal write (the put call clones the buffers synchronously). */
function timeJournalWrites() {
  window.__journalPutMs = [];
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (this.name !== 'journal') return put.apply(this, args);
    const started = performance.now();
    try {
      return put.apply(this, args);
    } finally {
      window.__journalPutMs.push(performance.now() - started);
    }
  };
}

/** Page script for the baseline: journal writes do nothing (the same transaction, no value cloned or stored). */
function disableJournalWrites() {
  const put = IDBObjectStore.prototype.put;
  const del = IDBObjectStore.prototype.delete;
  IDBObjectStore.prototype.put = function (...args) {
    return this.name === 'journal' ? this.count() : put.apply(this, args);
  };
  IDBObjectStore.prototype.delete = function (...args) {
    return this.name === 'journal' ? this.count() : del.apply(this, args);
  };
}

async function typingRun(ctx, withJournal) {
  const context = await ctx.browser.newContext({ baseURL: ctx.baseURL, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(installLatencyProbe);
    await page.addInitScript(withJournal ? timeJournalWrites : disableJournalWrites);
    await page.goto('/?runtime=offline');
    await page.getByRole('button', { name: 'New workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'New workspace' });
    await dialog.getByRole('textbox', { name: 'Workspace name' }).fill('typing bench');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const terminal = page.getByRole('tabpanel', { name: 'Terminal 1' });
    await terminal.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    await terminal.click();
    await page.keyboard.type(`node -e "require('fs').writeFileSync('big.js', 'const value = 12345; // a line of a generated file\\n'.repeat(20000))"`);
    await page.keyboard.press('Enter');
    const item = page.getByRole('tree', { name: 'Workspace files' }).getByRole('treeitem', { name: 'big.js', exact: true });
    await item.click({ timeout: 30_000 });
    const editor = page.locator('.cm-content');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.waitForTimeout(3000); // let the open and the first measurements settle
    await page.evaluate(() => {
      window.__keyLatency = [];
      window.__journalPutMs = [];
    });
    await page.keyboard.type('x'.repeat(KEYSTROKES), { delay: TYPING_DELAY_MS });
    await page.waitForTimeout(1500); // the journal's last write lands inside the measured page
    const samples = await page.evaluate(() => window.__keyLatency);
    const puts = await page.evaluate(() => window.__journalPutMs);
    if (samples.length < KEYSTROKES * 0.9) throw new Error(`only ${samples.length} keystrokes measured`);
    if (withJournal && puts.length < 1) throw new Error('the journal wrote nothing while typing');
    return { p99: p99(samples), puts };
  } finally {
    await context.close();
  }
}

/** Runs in /bench: a durable save of 50 MB through the sink, and one raw put of the same bytes. */
async function saveLargeOnce(size) {
  const ws = window.__tabsmithWorkspace;
  const db = await ws.openDatabase();
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  const meta = await ws.createWorkspace(db, { name: 'bench 50 MB' });
  const sink = ws.createPersistence(db, meta.id, { journal: false });
  let started = performance.now();
  sink.putFile('/big.bin', bytes);
  await sink.flush();
  const saveMs = performance.now() - started;
  const { files } = await ws.loadWorkspace(db, meta.id);
  if (files[0]?.content.byteLength !== size) throw new Error('the 50 MB file did not come back');

  started = performance.now();
  const tx = db.transaction('files', 'readwrite');
  tx.store.put({ workspaceId: meta.id, path: '/raw.bin', content: bytes, lastModified: Date.now() }).catch(() => undefined);
  await tx.done;
  const rawMs = performance.now() - started;
  await ws.deleteWorkspace(db, meta.id);
  db.close();
  return { saveMs, rawMs };
}

export default {
  id: 'durability',
  description: 'journal cost on typing (p99 keystroke to paint) and saving a 50 MB file',
  /** @param {import('../run.mjs').BenchContext} ctx */
  async run(ctx) {
    const withJournal = [];
    const without = [];
    const putMs = [];
    for (let i = 0; i < ctx.runs; i++) {
      without.push((await typingRun(ctx, false)).p99);
      const run = await typingRun(ctx, true);
      withJournal.push(run.p99);
      putMs.push(...run.puts);
    }
    const { page, close } = await openBenchPage(ctx.browser, ctx.baseURL, { runtime: 'offline' });
    const saves = [];
    try {
      for (let i = 0; i < ctx.runs; i++) saves.push(await page.evaluate(saveLargeOnce, 50 * 1024 * 1024));
    } finally {
      await close();
    }
    return [
      {
        name: 'durability.typing-p99.journal',
        unit: 'ms',
        samples: withJournal,
        baseline: { label: 'journal writes turned off, same page (median of p99s)', value: median(without) },
        note: `p99 keydown→next paint per run, ${KEYSTROKES} keys at ${TYPING_DELAY_MS} ms into a 1 MB file; ratio = with / without journal`,
      },
      { name: 'durability.typing-p99.no-journal', unit: 'ms', samples: without, note: 'the same with journal writes as no-ops' },
      {
        name: 'durability.journal-write.main-thread',
        unit: 'ms',
        samples: putMs,
        note: 'main-thread time of one journal write while typing (the put call, which clones the 1 MB buffer and its base)',
      },
      {
        name: 'durability.save.50mb',
        unit: 'ms',
        samples: saves.map((s) => s.saveMs),
        baseline: { label: 'one raw IndexedDB put of the same 50 MB (median)', value: median(saves.map((s) => s.rawMs)) },
        note: 'putFile + flush(): 13 pieces of 4 MB, durable (strict) transactions; ratio = ours / raw',
      },
      { name: 'durability.save.50mb-raw-put', unit: 'ms', samples: saves.map((s) => s.rawMs), note: 'one put of 50 MB in one transaction' },
    ];
  },
};
