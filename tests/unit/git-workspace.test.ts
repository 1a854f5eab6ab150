/**
 * .git is part of the workspace: the store mirrors and persists what git writes in the offline runtime,
 * keeps it out of the file list and search, and a runtime filled again from what was persisted (a reload)
 * still has the history.
 */
import { describe, expect, it } from 'vitest';
import { VirtualFS } from 'almostnode';
import { createWorkspaceStore, exportZip, importZip, isHiddenFromTree, isNeverPersisted } from '@/lib/workspace';
import { RecordingSink } from './fakes/memory-runtime';
import { offlineRuntime } from './fakes/offline-vfs-runtime';
import { gitTerminal } from './git-helpers';

async function openStore(vfs: VirtualFS, sink: RecordingSink) {
  return createWorkspaceStore({
    runtime: offlineRuntime(vfs),
    persistence: sink,
    state: {
      meta: { id: 'w', name: 'w', createdAt: 0, updatedAt: 0 },
      openPaths: [],
      activePath: null,
      locks: [],
      facts: { lastCommand: null, serverRunning: false, ports: [], installedPackages: [] },
    },
  });
}

const settle = async (store: { settle(): Promise<void> }) => {
  await new Promise((resolve) => setTimeout(resolve, 80));
  await store.settle();
};

describe('.git in the workspace', () => {
  it('path rules: node_modules is never kept, .git is kept but hidden', () => {
    expect(isNeverPersisted('/node_modules/react/index.js')).toBe(true);
    expect(isNeverPersisted('/packages/a/node_modules/b.js')).toBe(true);
    expect(isNeverPersisted('/.git/HEAD')).toBe(false);
    expect(isHiddenFromTree('/.git/HEAD')).toBe(true);
    expect(isHiddenFromTree('/sub/.git/config')).toBe(true);
    expect(isHiddenFromTree('/.gitignore')).toBe(false);
  });

  it('is persisted as git writes it, hidden from the file list and search, and brings the history back after a reload', async () => {
    const t = gitTerminal({ cwd: '/home/project' });
    t.write('/home/project/index.js', 'console.log("hi")\n');
    const sink = new RecordingSink();
    const store = await openStore(t.vfs, sink);
    await t.git('init');
    t.write('/home/project/node_modules/p/index.js', 'module.exports = 1');
    await t.git('add', '.');
    await t.git('commit', '-m', 'first');
    await settle(store);

    const persisted = [...sink.files.keys()];
    expect(persisted).toContain('/.git/HEAD');
    expect(persisted).toContain('/.git/index');
    expect(persisted.filter((p) => p.startsWith('/.git/objects/')).length).toBe(3); // blob, tree, commit
    expect(persisted.some((p) => p.includes('node_modules'))).toBe(false);
    const snapshot = store.getSnapshot();
    expect(snapshot.files).toEqual(['/index.js']);
    expect(snapshot.tree.map((node) => node.name)).toEqual(['.git', 'index.js']);
    expect(await store.search('refs/heads')).toEqual([]);
    store.dispose();

    // A reload: a fresh runtime gets the persisted files (what opening a workspace mounts); index.js was
    // there before the store opened, so it was persisted earlier, not through this sink.
    const reloaded = gitTerminal({ cwd: '/home/project' });
    reloaded.write('/home/project/index.js', t.read('/home/project/index.js'));
    for (const [path, content] of sink.files) reloaded.vfs.writeFileSync(`/home/project${path}`, content);
    const log = await reloaded.git('log', '--oneline');
    expect(log.out).toMatch(/^[0-9a-f]{7} \(HEAD -> main\) first\n$/);
    expect((await reloaded.git('status', '--short')).out).toBe('');
  });

  it('travels in an exported zip and comes back on import', async () => {
    const t = gitTerminal({ cwd: '/home/project' });
    await t.git('init');
    t.write('/home/project/a.txt', 'a\n');
    await t.git('add', '.');
    await t.git('commit', '-m', 'zipped');
    const files: { path: string; content: Uint8Array }[] = [];
    const collect = (dir: string) => {
      for (const name of t.vfs.readdirSync(dir)) {
        const path = dir === '/' ? `/${name}` : `${dir}/${name}`;
        if (t.vfs.statSync(path).isDirectory()) collect(path);
        else files.push({ path: path.slice('/home/project'.length), content: t.vfs.readFileSync(path) });
      }
    };
    collect('/home/project');
    const imported = importZip(exportZip(files));
    const back = gitTerminal({ cwd: '/home/project' });
    for (const file of imported) back.vfs.writeFileSync(`/home/project${file.path}`, file.content);
    expect((await back.git('log', '--oneline')).out).toMatch(/ zipped\n$/);
  });
});
