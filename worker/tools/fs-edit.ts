/**
 * fs_editFile: search/replace blocks applied in order. Each search must match exactly once in the text as
 * it is at that point, otherwise nothing is written: a patch that half-applies leaves a file neither the
 * model nor the user expects.
 */
import { createTwoFilesPatch } from 'diff';
import { ToolFailure } from '@/lib/agent/tool-failure';
import { assertUnlocked, assertWritable, displayPath, workspaceEntryPath } from '../guard';
import type { ToolHandler } from './context';
import { readText } from './fs-read';

interface EditBlock {
  search: string;
  replace: string;
}

function countOccurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count++;
  return count;
}

/**
 * Applies the blocks to `text` or throws NoMatch / AmbiguousMatch naming the block (1-based) and the file.
 * Blocks written with \n still match a file saved with \r\n line endings.
 */
function applyEdits(text: string, edits: readonly EditBlock[], shownPath: string): string {
  const crlf = text.includes('\r\n');
  let current = text;
  edits.forEach((edit, index) => {
    let { search, replace } = edit;
    let count = countOccurrences(current, search);
    if (count === 0 && crlf && !search.includes('\r\n')) {
      search = search.replace(/\n/g, '\r\n');
      replace = replace.replace(/\r?\n/g, '\r\n');
      count = countOccurrences(current, search);
    }
    const block = `search block ${index + 1}`;
    if (count === 0) {
      throw new ToolFailure(
        'NoMatch',
        `${block} was not found in ${shownPath}. The search text must match the file exactly (whitespace included); read the file again and copy the lines.`,
      );
    }
    if (count > 1) {
      throw new ToolFailure('AmbiguousMatch', `${block} matches ${count} times in ${shownPath}; include more surrounding lines so it matches once.`);
    }
    // Splice rather than String.replace, whose replacement string treats "$&" and "$1" as patterns.
    const at = current.indexOf(search);
    current = current.slice(0, at) + replace + current.slice(at + search.length);
  });
  return current;
}

export const editFile: ToolHandler<'fs_editFile'> = async (args, { runtime, store }) => {
  const path = workspaceEntryPath(args.path);
  const shown = displayPath(path);
  assertWritable(store);
  assertUnlocked(store, path, 'edited');
  const before = await readText(runtime.fs, path);
  const after = applyEdits(before, args.edits, shown);
  if (after !== before) {
    await runtime.fs.writeFile(path, after);
    await store.settle();
  }
  const diff = createTwoFilesPatch(`a/${shown}`, `b/${shown}`, before, after, undefined, undefined, { context: 3 });
  return { ok: true, path, replacements: args.edits.length, diff };
};
