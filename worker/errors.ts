/**
 * Tool failures. Inside the executor a failure is thrown as a ToolFailure (so guards can stop a tool in one
 * line); at the executor's boundary every failure becomes the value `{ name, message }` the model receives.
 * Names are stable so the model (and tests) can branch on them; messages say what to do next.
 */
import { ToolFailure, type ToolErrorName } from '@/lib/agent/tool-failure';
import { WorkspaceError } from '@/lib/workspace/types';

export interface ToolErrorValue {
  name: string;
  message: string;
}

const WORKSPACE_ERROR_NAMES: Record<WorkspaceError['code'], ToolErrorName> = {
  'bad-path': 'BadPath',
  locked: 'FileLocked',
  'not-found': 'NotFound',
  exists: 'AlreadyExists',
  'read-only': 'ReadOnly',
  'too-large': 'InternalError',
  corrupt: 'InternalError',
  quota: 'InternalError',
};

/** Any thrown value → the error value sent back to the model. */
export function toToolError(error: unknown): ToolErrorValue {
  if (error instanceof ToolFailure) return { name: error.errorName, message: error.message };
  if (error instanceof WorkspaceError) return { name: WORKSPACE_ERROR_NAMES[error.code], message: error.message };
  if (error instanceof Error) return { name: 'InternalError', message: error.message || error.name };
  return { name: 'InternalError', message: String(error) };
}
