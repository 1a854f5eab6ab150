/**
 * The smallest single replacement that turns one text into another (common prefix and suffix kept). Used
 * when a file changes on disk under an open editor: replacing only the changed middle keeps the cursor,
 * selection and scroll position where they were instead of jumping to the top.
 */
interface TextChange {
  from: number;
  to: number;
  insert: string;
}

export function minimalChange(before: string, after: string): TextChange | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  return { from: start, to: endBefore, insert: after.slice(start, endAfter) };
}
