/**
 * Clones a repository in the IDE page (not in a runtime), for "Import from Git": the files and the history
 * (.git) become a new workspace's files, so the clone opens on either runtime as an imported zip does. The
 * clone is written to an in-memory file system first (almostnode's, which the runtime's git also uses), then
 * read out through the import rules (paths, limits). The user started it, so their token for the host is used.
 */
import type { ImportedFile } from '@/lib/workspace/import-rules';
import { importFiles } from '@/lib/workspace/import-files';
import { toContent } from '@/lib/workspace/import-rules';
import { exchangeHttpClient } from './http-client';
import { carryGitExchange } from './ide-broker';

interface CloneRequest {
  url: string;
  /** A branch or tag; the remote's default branch when absent. */
  ref?: string;
  signal?: AbortSignal;
  onProgress?(text: string): void;
}

const ROOT = '/repo';

/** "https://github.com/owner/my-app.git" → "my-app": the new workspace's name. */
export function repositoryName(url: string): string {
  const last =
    url
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  return last.replace(/\.git$/i, '') || 'Imported repository';
}

export async function cloneToFiles({ url, ref, signal, onProgress }: CloneRequest): Promise<ImportedFile[]> {
  const [{ clone }, { VirtualFS }, { gitFs }] = await Promise.all([import('isomorphic-git'), import('almostnode'), import('@/lib/git/fs-adapter')]);
  const vfs = new VirtualFS();
  vfs.mkdirSync(ROOT, { recursive: true });
  const http = exchangeHttpClient(() => (request) => carryGitExchange(request, { userStarted: true }));
  await clone({
    fs: gitFs(vfs),
    http,
    dir: ROOT,
    url,
    ...(ref ? { ref, singleBranch: true } : {}),
    onProgress: (event) => {
      if (signal?.aborted) throw new Error('The import was cancelled.');
      const share = event.total ? ` ${Math.round((event.loaded / event.total) * 100)}%` : '';
      onProgress?.(`Cloning ${repositoryName(url)}: ${event.phase}${share}`);
    },
  });
  const files: { path: string; content: ImportedFile['content'] }[] = [];
  const walk = (dir: string) => {
    for (const name of vfs.readdirSync(dir)) {
      const path = `${dir}/${name}`;
      if (vfs.statSync(path).isDirectory()) walk(path);
      else files.push({ path: path.slice(ROOT.length), content: toContent(vfs.readFileSync(path) as Uint8Array) });
    }
  };
  walk(ROOT);
  return importFiles(files);
}
