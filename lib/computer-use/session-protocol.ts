/**
 * The wire contract between the browser's computer-use session and POST /api/computer-use: the request body
 * (the conversation so far in @google/genai's `Content[]` shape), the one-turn response, and the helpers both
 * sides share (screenshot pruning, the first user text, the model-turn count, the action set for a model id).
 * No Node or DOM APIs: the session (browser) and the route (server) both import it.
 */
import type { Content, Part } from '@google/genai';
import { z } from 'zod';
import type { ActionSource } from './actions/errors';

/** Only the most recent turns that carry screenshots keep them, as Google's reference agent does (it keeps 3). */
const SCREENSHOT_TURNS_KEPT = 3;
/** Request bodies above this are refused with 413 (the client prunes before sending, so this is generous). */
export const MAX_COMPUTER_USE_BODY_BYTES = 16 * 1024 * 1024;
export const COMPUTER_USE_ENDPOINT = '/api/computer-use';
export const PRUNED_SCREENSHOT_TEXT = '[screenshot omitted: only the last 3 turns keep their screenshots]';

// ── request ──────────────────────────────────────────────────────────────────────────────────────────

const blobSchema = z.looseObject({ mimeType: z.string().min(1).max(100), data: z.string() });
const argsSchema = z.record(z.string(), z.unknown());

/** Checked structurally; unknown keys (thought signatures, metadata) pass through unchanged. */
const partSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  inlineData: blobSchema.optional(),
  functionCall: z.looseObject({ id: z.string().optional(), name: z.string().min(1), args: argsSchema.optional() }).optional(),
  functionResponse: z
    .looseObject({
      id: z.string().optional(),
      name: z.string().min(1),
      response: argsSchema.optional(),
      parts: z
        .array(z.looseObject({ inlineData: blobSchema.optional() }))
        .max(20)
        .optional(),
    })
    .optional(),
});

export const contentSchema = z.object({ role: z.enum(['user', 'model']), parts: z.array(partSchema).min(1).max(200) });

export const turnRequestSchema = z.object({
  model: z.string().min(1).max(200).optional(),
  contents: z
    .array(contentSchema)
    .min(1)
    .max(400)
    .refine((contents) => contents[0]?.role === 'user', 'the first content must be the user turn (instructions and first screenshot)'),
});
export interface TurnRequest {
  model?: string;
  contents: Content[];
}

/** zod's loose objects carry an index signature; the checked shape is the SDK's Content. */
export const asContents = (contents: z.infer<typeof contentSchema>[]): Content[] => contents as unknown as Content[];

// ── response ─────────────────────────────────────────────────────────────────────────────────────────

export interface SafetyDecision {
  decision: string;
  explanation: string;
}

export interface TurnFunctionCall {
  /** The model's call id when it sent one (echo it in the function response); absent otherwise. */
  id?: string;
  name: string;
  /** As the model sent them (a `safety_decision` included). */
  args: Record<string, unknown>;
  safetyDecision?: SafetyDecision;
}

export interface TurnUsage {
  promptTokens?: number;
  outputTokens?: number;
  thoughtsTokens?: number;
  totalTokens?: number;
}

export interface TurnResponse {
  /** The model id that answered (replays report the configured id). Picks the action set. */
  model: string;
  /** Append to `contents` unchanged: it carries the thought signatures. */
  candidateContent: Content;
  functionCalls: TurnFunctionCall[];
  text: string;
  thoughts: string;
  finishReason: string | null;
  usage: TurnUsage;
  /**
   * The action set of the calls, for a model that acts through function tools (generic or Claude-style);
   * absent for Gemini, whose set follows from the model id (actionSourceForModel).
   */
  actionSource?: Extract<ActionSource, 'generic' | 'claude'>;
}

/** A call's `args.safety_decision`, when it is well formed. */
export function readSafetyDecision(args: Record<string, unknown> | undefined): SafetyDecision | undefined {
  const raw = args?.safety_decision;
  if (!raw || typeof raw !== 'object') return undefined;
  const { decision, explanation } = raw as { decision?: unknown; explanation?: unknown };
  if (typeof decision !== 'string') return undefined;
  return { decision, explanation: typeof explanation === 'string' ? explanation : '' };
}

/** The response fields derived from the model's content: calls, answer text, thoughts. */
export function summarizeContent(content: Content): Pick<TurnResponse, 'functionCalls' | 'text' | 'thoughts'> {
  const functionCalls: TurnFunctionCall[] = [];
  const text: string[] = [];
  const thoughts: string[] = [];
  for (const part of content.parts ?? []) {
    if (part.functionCall?.name) {
      const args = part.functionCall.args ?? {};
      const safetyDecision = readSafetyDecision(args);
      functionCalls.push({
        ...(part.functionCall.id ? { id: part.functionCall.id } : {}),
        name: part.functionCall.name,
        args,
        ...(safetyDecision ? { safetyDecision } : {}),
      });
    } else if (typeof part.text === 'string') {
      (part.thought ? thoughts : text).push(part.text);
    }
  }
  return { functionCalls, text: text.join('').trim(), thoughts: thoughts.join('\n').trim() };
}

// ── shared helpers ───────────────────────────────────────────────────────────────────────────────────

/** The text of the first user turn: what replays are matched against. */
export function firstUserText(contents: readonly Content[]): string {
  const first = contents.find((content) => content.role === 'user');
  return (first?.parts ?? [])
    .map((part) => (typeof part.text === 'string' && !part.thought ? part.text : ''))
    .join(' ')
    .trim();
}

/** How many model turns the conversation already holds (= the index of the next turn). */
export function modelTurnCount(contents: readonly Content[]): number {
  return contents.filter((content) => content.role === 'model').length;
}

function hasScreenshot(content: Content): boolean {
  return (content.parts ?? []).some((part) => part.inlineData !== undefined || (part.functionResponse?.parts ?? []).some((p) => p.inlineData !== undefined));
}

function pruneTurn(content: Content): Content {
  const parts = (content.parts ?? []).map((part): Part => {
    if (part.inlineData) return { text: PRUNED_SCREENSHOT_TEXT };
    const fr = part.functionResponse;
    if (!fr?.parts?.some((p) => p.inlineData)) return part;
    const { parts: frParts = [], ...rest } = fr;
    const kept = frParts.filter((p) => !p.inlineData);
    const response = { ...rest.response, screenshot: PRUNED_SCREENSHOT_TEXT };
    return { ...part, functionResponse: kept.length > 0 ? { ...rest, response, parts: kept } : { ...rest, response } };
  });
  return { ...content, parts };
}

/**
 * Only the last `keep` user turns that carry screenshots keep them; older screenshots (top-level inlineData
 * and function-response images) become a short text note. Returns new objects; the input is not changed.
 */
export function pruneScreenshots(contents: readonly Content[], keep = SCREENSHOT_TURNS_KEPT): Content[] {
  let seen = 0;
  const out = [...contents];
  for (let i = out.length - 1; i >= 0; i--) {
    const content = out[i];
    if (!content || content.role !== 'user' || !hasScreenshot(content)) continue;
    seen++;
    if (seen > keep) out[i] = pruneTurn(content);
  }
  return out;
}

/** Gemini 3.5 and later speak the newer action set; earlier ids (and unknown ones) the original set. */
export function actionSourceForModel(model: string): Extract<ActionSource, 'gemini' | 'gemini-new'> {
  const match = /gemini-(\d+)(?:\.(\d+))?/i.exec(model);
  if (!match) return 'gemini';
  const major = Number(match[1]);
  const minor = Number(match[2] ?? 0);
  return major > 3 || (major === 3 && minor >= 5) ? 'gemini-new' : 'gemini';
}

/**
 * Whether a model takes JPEG screenshots: the 2.5 computer-use preview answers 400 "requires image of
 * mime_type image/png" to a JPEG; Gemini 3 and later take the image types of ordinary image input.
 * Unknown ids get PNG, which every model takes.
 */
export function acceptsJpegScreenshots(model: string | undefined): boolean {
  const match = /gemini-(\d+)/i.exec(model ?? '');
  return match !== null && Number(match[1]) >= 3;
}
