/**
 * What the model (and the chat's card) is told when a tool call is rejected before it runs: the AI SDK turns
 * an unknown tool name, arguments that are not JSON and arguments failing the schema into a tool-input-error
 * whose text is this, instead of the generic model-failure text, so the model can correct the call.
 * The executor words its own argument check the same way.
 */
import { InvalidToolInputError, JSONParseError, NoSuchToolError, TypeValidationError } from 'ai';

type Issue = { path: readonly PropertyKey[]; message: string; code?: string; input?: unknown };

/** "path is required; edits: Too small…" — zod issues as a person would say them. */
function describeIssues(issues: readonly Issue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.length ? issue.path.map(String).join('.') : 'arguments';
      // zod reports a missing key as "expected string, received undefined".
      const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
      return missing ? `${where} is required` : `${where}: ${issue.message}`;
    })
    .join('; ');
}

export const schemaMismatch = (issues: readonly Issue[]) => `arguments did not match the schema: ${describeIssues(issues)}`;

function issuesOf(error: unknown): readonly Issue[] | null {
  if (typeof error !== 'object' || error === null || !('issues' in error) || !Array.isArray(error.issues)) return null;
  return error.issues as Issue[];
}

/** The rejection's reason for a tool call the SDK refused, or undefined for any other error. */
export function describeRejectedToolCall(error: unknown): string | undefined {
  if (NoSuchToolError.isInstance(error)) {
    const available = error.availableTools?.join(', ') ?? 'none';
    return `unknown tool ${error.toolName}; available: ${available}`;
  }
  if (!InvalidToolInputError.isInstance(error)) return undefined;
  const cause = error.cause;
  if (JSONParseError.isInstance(cause)) return `arguments for ${error.toolName} are not valid JSON (${cause.text.slice(0, 80)}): send one JSON object`;
  const issues = TypeValidationError.isInstance(cause) ? issuesOf(cause.cause) : issuesOf(cause);
  if (issues) return `${error.toolName}: ${schemaMismatch(issues)}`;
  return `arguments for ${error.toolName} were rejected: ${error.message}`;
}

/** Whether a tool part's error text is one of the rejections above (the chat labels those cards "rejected"). */
export function isRejectionText(text: string): boolean {
  return /^unknown tool |^arguments for \S+ (are not valid JSON|were rejected)|^\S+: arguments did not match the schema/.test(text);
}
