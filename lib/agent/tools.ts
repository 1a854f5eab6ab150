/**
 * The tool set as the AI SDK declares it, derived from the definitions in tool-schemas.ts; no `execute` (the
 * tab runs tools and sends results back), so a model step that calls tools ends the stream with finishReason
 * 'tool-calls'.
 */
import type { Tool } from 'ai';
import type { AgentMode } from './agent-mode';
import { TOOL_DEFINITIONS, TOOL_NAMES, toolsForMode, type ToolInput, type ToolName, type ToolOutput } from './tool-schemas';

export type AgentTools = { [N in ToolName]: Tool<ToolInput<N>, ToolOutput<N>> };

function declare<N extends ToolName>(name: N): AgentTools[N] {
  const { description, input, output } = TOOL_DEFINITIONS[name];
  // The shape `tool()` returns (it is the identity); TypeScript cannot narrow the definitions' union by a
  // generic key, so the cast states what the definition of N holds.
  return { description, inputSchema: input, outputSchema: output } as unknown as AgentTools[N];
}

export const agentTools = Object.fromEntries(TOOL_NAMES.map((name) => [name, declare(name)])) as AgentTools;

/** The tool names a mode may call (streamText's `activeTools`); undefined when the mode is offered all of them. */
export function activeToolsFor(mode: AgentMode): ToolName[] | undefined {
  const names = toolsForMode(mode);
  return names.length === TOOL_NAMES.length ? undefined : names;
}
