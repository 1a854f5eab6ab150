/**
 * Errors this npm client reports to the user. Each has npm's error code (ETARGET, E404, …) and a message that
 * already says which package, which range and what the registry had, so the CLI only has to print it.
 */
export class NpmError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'NpmError';
  }
}

/** npm's error block: `npm error code X` then the message, one `npm error` prefix per line. */
export function formatNpmError(error: unknown): string {
  const code = error instanceof NpmError ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split('\n').map((line) => `npm error ${line}`);
  return `${code ? `npm error code ${code}\n` : ''}${lines.join('\n')}\n`;
}

/** Versions listed compactly for an error message: the newest ones, with a count of the rest. */
export function listVersions(versions: readonly string[], max = 30): string {
  if (versions.length === 0) return '(none)';
  if (versions.length <= max) return versions.join(', ');
  return `… ${versions.length - max} older, ${versions.slice(-max).join(', ')}`;
}
