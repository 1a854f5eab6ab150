/** Reading helpers shared by the fs tools: existence, folder-or-file, and text that refuses binary files. */
import { decodeContent } from '@/lib/workspace/content';
import type { RuntimeFs } from '@/lib/runtime/port';
import { ToolFailure } from '@/lib/agent/tool-failure';
import { displayPath } from '../guard';

/** 'directory', 'file', or null when nothing is there (the port has no stat; readdir tells folders apart). */
export async function pathType(fs: RuntimeFs, path: string): Promise<'file' | 'directory' | null> {
  if (!(await fs.exists(path))) return null;
  try {
    await fs.readdir(path);
    return 'directory';
  } catch {
    return 'file';
  }
}

/** The file's text, or NotFound / IsDirectory / BinaryFile. */
export async function readText(fs: RuntimeFs, path: string): Promise<string> {
  const type = await pathType(fs, path);
  if (type === null) throw new ToolFailure('NotFound', `${displayPath(path)} does not exist. Use fs_listFiles to see what is there.`);
  if (type === 'directory') throw new ToolFailure('IsDirectory', `${displayPath(path)} is a folder; use fs_listFiles to list it.`);
  const decoded = decodeContent(await fs.readFile(path));
  if (decoded.binary) {
    throw new ToolFailure('BinaryFile', `${displayPath(path)} is a binary file (not UTF-8 text), so it cannot be read or edited as text.`);
  }
  return decoded.text;
}
