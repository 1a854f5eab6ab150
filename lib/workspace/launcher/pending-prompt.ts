/**
 * The launcher's prompt, handed to the IDE page it opens: kept in this tab's session storage under the new
 * workspace's id, and taken (read and removed in one go) by the IDE when its chat is ready, so the agent gets it
 * once, and a reload of the IDE never sends it again.
 */
const KEY_PREFIX = 'tabsmith.pending-prompt.';

/** Longest name derived from a prompt: enough to recognise it in the list, short enough for a top bar. */
const NAME_MAX = 48;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage disabled by the browser: the workspace still opens, the prompt is not carried over.
    return null;
  }
}

export function savePendingPrompt(workspaceId: string, prompt: string): boolean {
  try {
    storage()?.setItem(KEY_PREFIX + workspaceId, prompt);
    return storage() !== null;
  } catch {
    return false;
  }
}

/** The prompt waiting for this workspace, removed as it is read; null when there is none. */
export function takePendingPrompt(workspaceId: string): string | null {
  const store = storage();
  const prompt = store?.getItem(KEY_PREFIX + workspaceId) ?? null;
  if (prompt !== null) store?.removeItem(KEY_PREFIX + workspaceId);
  return prompt;
}

/** "Build me a todo app with dark mode. It should…" → "Build me a todo app with dark mode" (first sentence, cut at a word). */
export function nameFromPrompt(prompt: string): string {
  const firstLine = prompt.trim().split(/\n/)[0] ?? '';
  const sentence = (firstLine.split(/(?<=[.!?])\s/)[0] ?? '').replace(/[.!?:;,\s]+$/, '').trim();
  if (!sentence) return 'Untitled';
  if (sentence.length <= NAME_MAX) return sentence;
  const cut = sentence.slice(0, NAME_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > NAME_MAX / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
