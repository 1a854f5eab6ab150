/**
 * The history as the model is sent it, smaller than the stored one: content the agent already wrote to a
 * file becomes a reference, long tool outputs keep their head and tail, and images of older user messages
 * become a text note (the latest user message keeps its images). Pure: returns new messages, never mutates.
 */
import { isInlineData } from './budget';
import { appliedContentReference, imageReference, trimText } from './reference';

/** The parts of a UI message this module reads; everything else is passed through untouched. */
export interface LooseMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  parts: LoosePart[];
  metadata?: unknown;
}
export type LoosePart = { type: string } & Record<string, unknown>;

interface ShrinkLimits {
  /** Strings in the input of a call that succeeded (its effect is in the workspace) longer than this become references. */
  appliedInputChars: number;
  /** Tool outputs and errors the model has already seen. */
  olderOutputChars: number;
  /** Tool outputs of the latest step, which the model has not seen yet. */
  latestOutputChars: number;
  /** Text and reasoning of earlier steps. */
  olderTextChars: number;
}

export const DEFAULT_SHRINK_LIMITS: ShrinkLimits = { appliedInputChars: 1_000, olderOutputChars: 4_000, latestOutputChars: 32_000, olderTextChars: 16_000 };
/** Used when a request is still over budget after compaction. */
export const TIGHT_SHRINK_LIMITS: ShrinkLimits = { appliedInputChars: 200, olderOutputChars: 600, latestOutputChars: 8_000, olderTextChars: 2_000 };

export const isToolPart = (part: LoosePart) => part.type.startsWith('tool-') || part.type === 'dynamic-tool';

/** Replaces every string longer than `max` anywhere inside `value` (objects and arrays are copied on change). */
function mapLongStrings(value: unknown, max: number, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return value.length > max ? replace(value) : value;
  if (Array.isArray(value)) {
    const mapped = value.map((item) => mapLongStrings(item, max, replace));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = mapLongStrings(item, max, replace);
      if (out[key] !== item) changed = true;
    }
    return changed ? out : value;
  }
  return value;
}

const pathOf = (input: unknown): string | undefined => {
  if (!input || typeof input !== 'object') return undefined;
  const path = (input as Record<string, unknown>).path;
  return typeof path === 'string' ? path : undefined;
};

function shrinkOutput(value: unknown, max: number, keepImages: boolean): unknown {
  return mapLongStrings(value, max, (text) => {
    if (isInlineData(text)) return keepImages ? text : imageReference(undefined, undefined, text.length);
    return trimText(text, max);
  });
}

function shrinkToolPart(part: LoosePart, fresh: boolean, limits: ShrinkLimits): LoosePart {
  const outputMax = fresh ? limits.latestOutputChars : limits.olderOutputChars;
  if (part.state === 'output-available') {
    const path = pathOf(part.input);
    return {
      ...part,
      input: mapLongStrings(part.input, limits.appliedInputChars, (text) => appliedContentReference(text, path)),
      output: shrinkOutput(part.output, outputMax, fresh),
    };
  }
  if (part.state === 'output-error') {
    return {
      ...part,
      input: mapLongStrings(part.input, limits.olderOutputChars, (text) => trimText(text, limits.olderOutputChars)),
      errorText: typeof part.errorText === 'string' ? trimText(part.errorText, outputMax) : part.errorText,
    };
  }
  return part;
}

function shrinkUserPart(part: LoosePart): LoosePart {
  if (part.type !== 'file') return part;
  const url = typeof part.url === 'string' ? part.url : '';
  const mediaType = typeof part.mediaType === 'string' ? part.mediaType : undefined;
  const name = typeof part.filename === 'string' ? part.filename : undefined;
  return { type: 'text', text: imageReference(mediaType, name, url.length - url.indexOf(',') - 1) };
}

/** Index of the first part of the last step of an assistant message (0 when it has no step-start). */
function lastStepStart(parts: readonly LoosePart[]): number {
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i]?.type === 'step-start') return i;
  return 0;
}

/** `keepImagesOf`: the user message whose images stay attached; by default the latest user message. */
export function shrinkMessages<M extends LooseMessage>(messages: readonly M[], limits: ShrinkLimits = DEFAULT_SHRINK_LIMITS, keepImagesOf?: string): M[] {
  let latestUser = -1;
  messages.forEach((message, i) => {
    if (keepImagesOf === undefined ? message.role === 'user' : message.id === keepImagesOf) latestUser = i;
  });
  const last = messages.length - 1;
  return messages.map((message, index) => {
    if (message.role === 'user') return index === latestUser ? message : { ...message, parts: message.parts.map(shrinkUserPart) };
    if (message.role !== 'assistant') return message;
    // Only the latest step's results are new to the model; everything before it has been read once.
    const freshFrom = index === last ? lastStepStart(message.parts) : message.parts.length;
    const parts = message.parts.map((part, i) => {
      const fresh = i >= freshFrom;
      if (isToolPart(part)) return shrinkToolPart(part, fresh, limits);
      if (!fresh && (part.type === 'text' || part.type === 'reasoning') && typeof part.text === 'string' && part.text.length > limits.olderTextChars)
        return { ...part, text: trimText(part.text, limits.olderTextChars) };
      return part;
    });
    return { ...message, parts };
  });
}
