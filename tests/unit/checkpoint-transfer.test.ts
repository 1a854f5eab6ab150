import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { diffCheckpoints, listCheckpoints, takeCheckpoint } from '@/lib/workspace/checkpoints';
import { historyEntries } from '@/lib/workspace/checkpoints/transfer';
import { loadFiles, loadWorkspace } from '@/lib/workspace/persistence';
import { createWorkspace, listWorkspaces } from '@/lib/workspace/workspaces';
import { exportZip, importZip } from '@/lib/workspace/zip';
import { openCheckpointWorkspace, shellWrite, type CheckpointSetup } from './checkpoint-setup';

let setup: CheckpointSetup | null = null;
afterEach(() => {
  setup?.dispose();
  setup = null;
});

const files = { '/index.html': '<h1>hi</h1>\n', '/src/main.js': 'console.log(1)\n', '/img.bin': new Uint8Array([0, 1, 2, 3]) };

async function exported(s: CheckpointSetup, includeHistory: boolean): Promise<Uint8Array> {
  const live = await loadFiles(s.db, s.workspaceId);
  return exportZip(live, { history: includeHistory ? await historyEntries(s.db, s.workspaceId) : [] });
}

describe('checkpoints in export and import', () => {
  it('an export with history imports as a workspace with the same checkpoints, diffs and contents', async () => {
    setup = await openCheckpointWorkspace(files);
    const first = await takeCheckpoint(setup.store, { kind: 'named', label: 'Known good' });
    await shellWrite(setup, '/src/main.js', 'console.log(2)\n');
    const second = await takeCheckpoint(setup.store, { kind: 'turn', label: 'Turn', conversationId: 'c', messageId: 'm' });
    const zip = await exported(setup, true);
    expect(Object.keys(unzipSync(zip)).some((name) => name.startsWith('.tabsmith/history/blobs/'))).toBe(true);

    const meta = await createWorkspace(setup.db, { name: 'Imported', files: importZip(zip) });
    const { files: importedFiles } = await loadWorkspace(setup.db, meta.id);
    expect(importedFiles.map((file) => file.path).sort()).toEqual(['/img.bin', '/index.html', '/src/main.js']);
    const restored = await listCheckpoints(meta.id);
    const strip = ({ workspaceId: _w, ...rest }: { workspaceId: string }) => rest;
    expect(restored.map(strip)).toEqual([second, first].map(strip));
    expect(restored.every((checkpoint) => checkpoint.workspaceId === meta.id)).toBe(true);
    const changes = await diffCheckpoints(meta.id, first.id, second.id);
    expect(changes).toMatchObject([
      { path: '/src/main.js', status: 'modified', additions: 1, deletions: 1, before: 'console.log(1)\n', after: 'console.log(2)\n' },
    ]);
  });

  it('an export without history is the workspace alone, as before', async () => {
    setup = await openCheckpointWorkspace(files);
    await takeCheckpoint(setup.store, { kind: 'named', label: 'Known good' });
    const zip = await exported(setup, false);
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(['img.bin', 'index.html', 'src/main.js']);
    const meta = await createWorkspace(setup.db, { name: 'Plain', files: importZip(zip) });
    expect(await listCheckpoints(meta.id)).toEqual([]);
  });

  it('a damaged history fails the import and creates nothing', async () => {
    setup = await openCheckpointWorkspace(files);
    await takeCheckpoint(setup.store, { kind: 'named', label: 'Known good' });
    const entries = importZip(await exported(setup, true));
    const tampered = entries.map((file) =>
      file.path.startsWith('/.tabsmith/history/blobs/') && typeof file.content === 'string' ? { ...file, content: `${file.content}!` } : file,
    );
    const before = (await listWorkspaces(setup.db)).length;
    await expect(createWorkspace(setup.db, { name: 'Bad', files: tampered })).rejects.toMatchObject({ code: 'corrupt' });
    expect(await listWorkspaces(setup.db)).toHaveLength(before);
  });
});
