/** Opening a workspace store: its state from the runtime's files, the runtime's events it follows, and the last session's drafts. */
import { decodeContent, fingerprint } from './content';
import { restoreDrafts } from './drafts';
import { applyPortEvent } from './facts';
import type { WorkspaceModel } from './model';
import { tryNormalizeWorkspacePath } from './paths';
import { normalizeAll } from './store-checks';
import { tabFromDisk } from './tabs';
import { walk } from './tree';
import { lostMessage } from './unkept';

/** The tree, the tabs that were open, the active tab, the locks and the packages, read from the runtime's files. */
export async function loadInitialState(
  model: WorkspaceModel,
  openPaths: readonly string[],
  activePath: string | null,
  locks: readonly string[],
): Promise<void> {
  const fs = model.runtime.fs;
  for (const entry of await walk(fs, '/')) model.index.add(entry.path, entry.type);
  const tabs = [];
  for (const path of normalizeAll(openPaths)) {
    if (model.index.typeOf(path) !== 'file') continue;
    const bytes = await fs.readFile(path).catch(() => null);
    if (bytes) tabs.push(tabFromDisk(path, decodeContent(bytes)));
    if (bytes) model.known.set(path, fingerprint(bytes));
  }
  model.tabs = tabs;
  const active = activePath === null ? null : tryNormalizeWorkspacePath(activePath);
  model.activePath = tabs.find((tab) => tab.path === active)?.path ?? tabs[0]?.path ?? null;
  model.locks = new Set(normalizeAll(locks).filter((path) => model.index.typeOf(path)));
  const hasPackageJson = model.index.typeOf('/package.json') === 'file';
  model.updatePackages(hasPackageJson ? await fs.readTextFile('/package.json').catch(() => null) : '');
}

/** Follows the runtime's ports and servers and the storage's errors and file states; returns how to stop. */
export function followRuntime(model: WorkspaceModel): Array<() => void> {
  const onPort = (event: Parameters<typeof applyPortEvent>[1]) => {
    model.setFacts(applyPortEvent(model.facts, event));
    model.commit(true);
  };
  return [
    model.runtime.onPort(onPort),
    model.runtime.onServerReady((port, url) => {
      if (!model.facts.ports.includes(port)) onPort({ port, type: 'open', url });
    }),
    model.persistence.onError((message) => {
      model.persistenceError = message;
      model.commit(false);
    }),
    model.persistence.onFileStatus?.((update) => {
      model.applyFileStatus(update);
      model.commit(false);
    }) ?? (() => undefined),
  ];
}

/** What the last session could not keep is said, and its unsaved editor text offered back. */
export async function restoreSession(model: WorkspaceModel): Promise<void> {
  if (model.lostLastSession.length > 0) model.persistenceError = lostMessage(model.lostLastSession);
  const drafts = model.readOnly ? [] : await (model.persistence.journal?.load().catch(() => []) ?? []);
  model.restoredDrafts = await restoreDrafts(model, drafts);
  model.commit(true);
}
