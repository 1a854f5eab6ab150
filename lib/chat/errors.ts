/**
 * The route answers errors as JSON or plain text, and the transport puts the raw body in `error.message`.
 * Show the route's own sentence (e.g. the one naming GOOGLE_GENERATIVE_AI_API_KEY) rather than JSON.
 */
export function chatErrorText(error: Error): string {
  const raw = error.message.trim();
  if (!raw.startsWith('{')) return raw || 'The agent request failed.';
  try {
    const body: unknown = JSON.parse(raw);
    const found = messageIn(body);
    return found ?? raw;
  } catch {
    return raw;
  }
}

function messageIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (typeof record.error === 'string') return record.error;
  if (typeof record.message === 'string') return record.message;
  if (typeof record.error === 'object' && record.error !== null) return messageIn(record.error);
  return null;
}

/**
 * Whether the error is one the user fixes in Settings: the server's sentences for a missing or refused key, and
 * for a model that is not offered or was retired, all say "in Settings".
 */
export function fixedInSettings(text: string): boolean {
  return /\bin Settings\b/.test(text);
}
