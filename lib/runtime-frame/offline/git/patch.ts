/**
 * Unified diffs in git's format (`diff --git` header, index line, hunks with 3 lines of context, "\ No
 * newline at end of file"), coloured as git colours them, and the line counts of a commit summary.
 */
import { structuredPatch } from 'diff';
import type { Palette } from './palette';
import type { BlobRef } from './snapshots';

interface PatchSide {
  blob: BlobRef | null;
  bytes: Uint8Array;
}

const decoder = new TextDecoder();

/** Binary like git decides it: a NUL in the first 8000 bytes. */
function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

function range(start: number, count: number): string {
  // jsdiff counts an empty side from line 1; git from line 0.
  const first = count === 0 ? start - 1 : start;
  return count === 1 ? `${first}` : `${first},${count}`;
}

const mode = (blob: BlobRef) => blob.mode.toString(8);
const short = (oid: string | undefined) => (oid ?? '0000000000').slice(0, 7);

export function formatPatch(path: string, old: PatchSide, next: PatchSide, color: Palette): string {
  const head: string[] = [`diff --git a/${path} b/${path}`];
  if (!old.blob && next.blob) head.push(`new file mode ${mode(next.blob)}`);
  else if (old.blob && !next.blob) head.push(`deleted file mode ${mode(old.blob)}`);
  else if (old.blob && next.blob && old.blob.mode !== next.blob.mode) head.push(`old mode ${mode(old.blob)}`, `new mode ${mode(next.blob)}`);
  const sameMode = old.blob && next.blob && old.blob.mode === next.blob.mode ? ` ${mode(old.blob)}` : '';
  head.push(`index ${short(old.blob?.oid)}..${short(next.blob?.oid)}${sameMode}`);
  const oldName = old.blob ? `a/${path}` : '/dev/null';
  const newName = next.blob ? `b/${path}` : '/dev/null';
  if (isBinary(old.bytes) || isBinary(next.bytes)) {
    return `${head.map((line) => color.bold(line)).join('\n')}\nBinary files ${oldName} and ${newName} differ\n`;
  }
  head.push(`--- ${oldName}`, `+++ ${newName}`);
  const patch = structuredPatch(oldName, newName, decoder.decode(old.bytes), decoder.decode(next.bytes), undefined, undefined, { context: 3 });
  let out = `${head.map((line) => color.bold(line)).join('\n')}\n`;
  for (const hunk of patch.hunks) {
    out += `${color.cyan(`@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`)}\n`;
    for (const line of hunk.lines) {
      if (line.startsWith('+')) out += `${color.green(line)}\n`;
      else if (line.startsWith('-')) out += `${color.red(line)}\n`;
      else out += `${line}\n`;
    }
  }
  return out;
}

/** Lines added and removed (0/0 for binary files), for "N insertions(+), M deletions(-)". */
export function countLines(oldBytes: Uint8Array, newBytes: Uint8Array): { added: number; removed: number } {
  if (isBinary(oldBytes) || isBinary(newBytes)) return { added: 0, removed: 0 };
  const patch = structuredPatch('a', 'b', decoder.decode(oldBytes), decoder.decode(newBytes), undefined, undefined, { context: 0 });
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  return { added, removed };
}
