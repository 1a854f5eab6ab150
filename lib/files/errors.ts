/** The store's errors (WorkspaceError) are already worded for the user; anything else gets its message too. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
