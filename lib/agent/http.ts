/**
 * Request plumbing for the agent routes: a JSON body read with a byte limit (413 before and during the read,
 * so a lying or missing Content-Length cannot make the server buffer more), and JSON error responses.
 */
import type { z } from 'zod';
import { concatBytes } from '../bytes';

/** Every error response has this shape (plus facts a client can act on); the chat shows `error`. */
export function jsonError(status: number, error: string, headers?: Record<string, string>, facts: Record<string, number | string> = {}): Response {
  return Response.json({ error, ...facts }, { status, headers });
}

type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

const defaultTooLarge = (limit: number) =>
  `The request body is larger than this endpoint's limit of ${limit} bytes (${(limit / (1024 * 1024)).toFixed(0)} MB).`;

/** `tooLargeText` says why a body this large happened, for the route's 413, whose JSON also names `limitBytes`. */
export async function readJsonBody(req: Request, limit: number, tooLargeText: (limit: number) => string = defaultTooLarge): Promise<BodyResult> {
  const tooLarge = (max: number) => jsonError(413, tooLargeText(max), undefined, { limitBytes: max });
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, response: tooLarge(limit) };
  if (!req.body) return { ok: false, response: jsonError(400, 'Request body is empty; expected JSON.') };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, response: tooLarge(limit) };
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(concatBytes(chunks, size));
  if (text.trim() === '') return { ok: false, response: jsonError(400, 'Request body is empty; expected JSON.') };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: jsonError(400, 'Request body is not valid JSON.') };
  }
}

/** "messages: Too small…; mode: Invalid option…" — the first few issues, each with its path. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

/**
 * The chat transport surfaces a non-2xx body as the error's message; this turns `{"error":"…"}` back into the
 * readable sentence (for the chat UI), and leaves any other text as it is.
 */
export function readAgentErrorMessage(message: string): string {
  try {
    const parsed: unknown = JSON.parse(message);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: already readable
  }
  return message;
}

/**
 * The browser's read of a JSON answer from one of this app's routes: a non-2xx throws the server's sentence
 * (or "<what> answered <status>"), an answer the schema refuses throws "the <what> the server returned is
 * malformed".
 */
export async function readJsonResponse<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(readAgentErrorMessage(text) || `the ${what} answered ${response.status}`);
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`the ${what} the server returned is malformed`);
  return parsed.data;
}
