/**
 * The unsaved-text journal (what editors call hot exit): the text of every dirty editor tab is written to
 * IndexedDB as soon as it reaches the store (the editor hands typing over once per frame), in a durable
 * ('strict') transaction, so a crash, a killed browser or a reload loses at most the typing of the last frame
 * or so. Entries go when the tab is saved, closed or back to the file's content. Writes never overlap: while one
 * commits, the newest text waits and goes in the next one, so fast typing costs one transaction at a time. A
 * write clones the text on the main thread: for a multi-megabyte file they are spaced out to keep typing smooth.
 */
import type { JournalEntry, TabsmithDB } from './db';
import { workspaceRange } from './db';
import type { DraftJournalPort, OpenFile } from './types';
import { finished } from './write-batch';
import { MainThreadShare } from '../main-thread-share';

interface Draft {
  content: string;
  base: string;
}

export class DraftJournal implements DraftJournalPort {
  /** What the journal holds (or is about to hold), per path. */
  private written = new Map<string, Draft>();
  private wanted = new Map<string, Draft>();
  /** A write is queued behind the running one (it takes whatever is wanted when it starts). */
  private queued = false;
  private chain: Promise<void> = Promise.resolve();
  private suspended = false;
  private readonly share = new MainThreadShare(0.2);

  constructor(
    private readonly db: TabsmithDB,
    private readonly workspaceId: string,
  ) {}

  update(tabs: readonly OpenFile[]): void {
    if (this.suspended) return;
    const wanted = new Map<string, Draft>();
    for (const tab of tabs) if (tab.dirty && !tab.binary) wanted.set(tab.path, { content: tab.content, base: tab.savedContent });
    if (sameDrafts(wanted, this.wanted)) return;
    this.wanted = wanted;
    if (!this.queued) this.writeSoon();
  }

  /** At once, unless the last write's cloning says to wait (see MainThreadShare). */
  private writeSoon(): void {
    // A failed journal write is retried with the next change; the files themselves are not affected.
    const wait = this.share.wait();
    if (wait <= 0) {
      this.flush().catch(() => undefined);
      return;
    }
    this.queued = true;
    setTimeout(() => void this.flush().catch(() => undefined), wait);
  }

  flush(): Promise<void> {
    this.queued = true;
    const run = this.chain.then(() => {
      this.queued = false;
      return this.write();
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  async load(): Promise<{ path: string; content: string; base: string }[]> {
    const entries = await this.db.getAll('journal', workspaceRange(this.workspaceId));
    for (const entry of entries) this.written.set(entry.path, { content: entry.content, base: entry.base });
    this.wanted = new Map(this.written);
    return entries.map(({ path, content, base }) => ({ path, content, base }));
  }

  /** Another tab took the workspace over: it owns the journal now. */
  suspend(): void {
    this.suspended = true;
  }

  private async write(): Promise<void> {
    if (this.suspended) return;
    const wanted = this.wanted;
    const puts = [...wanted].filter(([path, draft]) => !sameDraft(this.written.get(path), draft));
    const drops = [...this.written.keys()].filter((path) => !wanted.has(path));
    if (puts.length === 0 && drops.length === 0) return;
    const tx = this.db.transaction('journal', 'readwrite', { durability: 'strict' });
    const at = Date.now();
    this.share.measure(() => {
      for (const [path, { content, base }] of puts) {
        const entry: JournalEntry = { workspaceId: this.workspaceId, path, content, base, at };
        tx.store.put(entry).catch(() => undefined);
      }
      for (const path of drops) tx.store.delete([this.workspaceId, path]).catch(() => undefined);
    });
    await finished(tx);
    for (const [path, draft] of puts) this.written.set(path, draft);
    for (const path of drops) this.written.delete(path);
  }
}

function sameDraft(a: Draft | undefined, b: Draft): boolean {
  return a !== undefined && a.content === b.content && a.base === b.base;
}

function sameDrafts(a: ReadonlyMap<string, Draft>, b: ReadonlyMap<string, Draft>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, draft] of a) if (!sameDraft(b.get(path), draft)) return false;
  return true;
}
