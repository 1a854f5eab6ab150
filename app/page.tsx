import { templateOptions } from '@/lib/workspace/launcher/template-options';
import { WorkspaceLauncher } from '@/components/workspaces/WorkspaceLauncher';
import { IdeApp } from '@/components/workbench/IdeApp';
import { WORKSPACE_PARAM, workspaceIdFrom } from '@/lib/ui/workspace-url';
import { TEMPLATES } from '@/lib/workspace/templates';

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * `?ws=<id>` opens the IDE on that workspace; without it the start page renders here, on the server, and ships
 * none of the IDE's code. Opening a workspace is a full page load (navigate.ts), so this choice is per load.
 * The template list is read here so its files stay on the server: the launcher only gets names.
 */
export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const value = (await searchParams)[WORKSPACE_PARAM];
  // As the page's own URLSearchParams.get would read it: the first of repeated parameters.
  const ws = Array.isArray(value) ? value[0] : value;
  const id = workspaceIdFrom(new URLSearchParams(ws === undefined ? {} : { [WORKSPACE_PARAM]: ws }).toString());
  if (id) return <IdeApp />;
  return <WorkspaceLauncher templates={templateOptions(TEMPLATES)} />;
}
