/**
 * The tool set as the AI SDK declares it: schemas from tool-schemas.ts, no `execute` (the tab runs tools
 * and sends results back), so a model step that calls tools ends the stream with finishReason 'tool-calls'.
 */
import { tool } from 'ai';
import type { AgentMode } from './messages';
import { TOOL_DESCRIPTIONS, toolInputSchemas, toolOutputSchemas } from './tool-schemas';

export const agentTools = {
  fs_writeFile: tool({ description: TOOL_DESCRIPTIONS.fs_writeFile, inputSchema: toolInputSchemas.fs_writeFile, outputSchema: toolOutputSchemas.fs_writeFile }),
  fs_readFile: tool({ description: TOOL_DESCRIPTIONS.fs_readFile, inputSchema: toolInputSchemas.fs_readFile, outputSchema: toolOutputSchemas.fs_readFile }),
  fs_listFiles: tool({ description: TOOL_DESCRIPTIONS.fs_listFiles, inputSchema: toolInputSchemas.fs_listFiles, outputSchema: toolOutputSchemas.fs_listFiles }),
  fs_editFile: tool({ description: TOOL_DESCRIPTIONS.fs_editFile, inputSchema: toolInputSchemas.fs_editFile, outputSchema: toolOutputSchemas.fs_editFile }),
  fs_deletePath: tool({ description: TOOL_DESCRIPTIONS.fs_deletePath, inputSchema: toolInputSchemas.fs_deletePath, outputSchema: toolOutputSchemas.fs_deletePath }),
  fs_movePath: tool({ description: TOOL_DESCRIPTIONS.fs_movePath, inputSchema: toolInputSchemas.fs_movePath, outputSchema: toolOutputSchemas.fs_movePath }),
  install_npm: tool({ description: TOOL_DESCRIPTIONS.install_npm, inputSchema: toolInputSchemas.install_npm, outputSchema: toolOutputSchemas.install_npm }),
  run_sh: tool({ description: TOOL_DESCRIPTIONS.run_sh, inputSchema: toolInputSchemas.run_sh, outputSchema: toolOutputSchemas.run_sh }),
  test_run: tool({ description: TOOL_DESCRIPTIONS.test_run, inputSchema: toolInputSchemas.test_run, outputSchema: toolOutputSchemas.test_run }),
  plan_create: tool({ description: TOOL_DESCRIPTIONS.plan_create, inputSchema: toolInputSchemas.plan_create, outputSchema: toolOutputSchemas.plan_create }),
  preview_check: tool({ description: TOOL_DESCRIPTIONS.preview_check, inputSchema: toolInputSchemas.preview_check, outputSchema: toolOutputSchemas.preview_check }),
};

export type AgentTools = typeof agentTools;

/** Tools only deep mode offers (slow, and they need the app running): other modes never see them. */
export const DEEP_ONLY_TOOLS: ReadonlySet<keyof AgentTools> = new Set<keyof AgentTools>(['preview_check']);

/** The tool names a mode may call (streamText's `activeTools`); undefined = all of them. */
export function activeToolsFor(mode: AgentMode): (keyof AgentTools)[] | undefined {
  if (mode === 'deep') return undefined;
  return (Object.keys(agentTools) as (keyof AgentTools)[]).filter((name) => !DEEP_ONLY_TOOLS.has(name));
}
