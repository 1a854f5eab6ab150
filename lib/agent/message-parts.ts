/**
 * The part types a chat message may carry to POST /api/ai. The AI SDK's conversion skips part types it does not
 * know, so an unknown part would otherwise reach the model silently (or be dropped silently): the route refuses
 * it with 400 before any model call. Tool parts are `tool-<name>` for the agent's own tools only; this app
 * declares no data parts, so `data-*` parts are unknown too.
 */
import { TOOL_NAMES } from './tool-schemas';

/** The AI SDK's UI message part types that are not tool or data parts. */
const BUILT_IN_PART_TYPES: ReadonlySet<string> = new Set([
  'text',
  'reasoning',
  'reasoning-file',
  'file',
  'source-url',
  'source-document',
  'step-start',
  'dynamic-tool',
  'custom',
  'steering-message',
]);

const TOOL_PART_TYPES: ReadonlySet<string> = new Set(TOOL_NAMES.map((name) => `tool-${name}`));

function isKnownPartType(type: string): boolean {
  return BUILT_IN_PART_TYPES.has(type) || TOOL_PART_TYPES.has(type);
}

/** Why one of `parts` is not a part this route takes (the first such), or null. */
export function unknownPartProblem(parts: readonly unknown[]): { index: number; message: string } | null {
  for (const [index, part] of parts.entries()) {
    const type = typeof part === 'object' && part !== null ? (part as { type?: unknown }).type : undefined;
    if (typeof type !== 'string') return { index, message: 'a message part must be an object with a string "type"' };
    if (!isKnownPartType(type)) return { index, message: `unknown message part type ${JSON.stringify(type.slice(0, 100))}` };
  }
  return null;
}
