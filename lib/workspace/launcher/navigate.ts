import { workspaceHref } from '@/lib/ui/workspace-url';

/**
 * Switching workspace is a full page load to `?ws=<id>`: the runtime is one per page (WebContainer cannot
 * boot twice), so a fresh page is the simplest way to get a clean runtime with only that workspace's files.
 */
export function navigateToWorkspace(id: string | null): void {
  window.location.assign(workspaceHref(window.location.href, id));
}
