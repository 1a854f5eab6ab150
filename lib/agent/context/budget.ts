/**
 * How big one request to POST /api/ai may get, and how its size is estimated. Tokens are estimated from
 * characters (about four per token for code and English) because the client has no tokenizer; images count
 * a flat amount since their bytes are base64, not text the model reads.
 */

export interface ContextBudget {
  /** Estimated tokens of the messages sent in one request. */
  maxTokens: number;
  /** Bytes of the whole request body (messages + workspace state); stays under the server's guard. */
  maxBytes: number;
  /** Past this share of maxTokens, older turns are summarised. */
  compactAt: number;
  /** After compaction, the recent turns kept verbatim take at most this share of maxTokens. */
  keepRecent: number;
}

export const DEFAULT_CONTEXT_BUDGET: ContextBudget = {
  maxTokens: 48_000,
  // The route refuses bodies over 4 MiB; the latest message's images alone may be ~2.7 MB as base64.
  maxBytes: 3_800_000,
  compactAt: 0.75,
  keepRecent: 0.4,
};

const CHARS_PER_TOKEN = 4;
/** What one image costs a Gemini-class model, roughly (tiles of 258 tokens). */
const TOKENS_PER_IMAGE = 1_000;

const DATA_URL = /^data:[^;,]+;base64,/;

/** Images travel as data URLs (attachments, screenshots); those are counted as images, not text. */
export function isInlineData(value: string): boolean {
  return DATA_URL.test(value);
}

/** Estimated tokens of any JSON value: text by characters, inline images (data URLs, base64) flat. */
export function estimateTokens(value: unknown): number {
  let chars = 0;
  let images = 0;
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      if (isInlineData(node)) images++;
      else chars += node.length;
    } else if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        chars += key.length;
        visit(item);
      }
    } else if (node !== undefined && node !== null) {
      chars += String(node).length;
    }
  };
  visit(value);
  return Math.ceil(chars / CHARS_PER_TOKEN) + images * TOKENS_PER_IMAGE;
}

export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).byteLength;
}
