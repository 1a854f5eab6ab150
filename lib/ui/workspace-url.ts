/**
 * The open workspace lives in the URL (`?ws=<id>`) so a reload reopens it. Other parameters (`runtime`,
 * test switches) are kept: they describe the page, not the workspace.
 */
export const WORKSPACE_PARAM = 'ws';

export function workspaceIdFrom(search: string): string | null {
  const id = new URLSearchParams(search).get(WORKSPACE_PARAM);
  return id && id.trim() ? id : null;
}

/** The same page with `?ws=` set to `id`, or removed when `id` is null (back to the launcher). */
export function workspaceHref(current: string, id: string | null): string {
  const url = new URL(current);
  if (id) url.searchParams.set(WORKSPACE_PARAM, id);
  else url.searchParams.delete(WORKSPACE_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** "just now", "5 minutes ago", "yesterday", else a date: the list shows when each workspace was last touched. */
export function describeUpdated(updatedAt: number, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(updatedAt).toLocaleDateString();
}
