/**
 * A computer-use conversation (@google/genai's Content[], the session's wire format) as chat messages for a
 * model that acts through function tools, and its answer back as a Gemini-shaped turn, so the session runs
 * the same loop whichever kind of model drives it. Screenshots that came with a function response follow the
 * tool results as a user message: OpenAI-compatible servers take images in user messages only.
 */
import type { Content, Part } from '@google/genai';
import type { ModelMessage, ToolCallPart, ToolResultPart, UserContent } from 'ai';
import { summarizeContent, type TurnResponse, type TurnUsage } from '../session-protocol';
import { callFromFunction, functionFromCall, type FunctionActionSet } from './function-tools';

interface Blob {
  mimeType?: string;
  data?: string;
}

/** A screenshot as a file part (the SDK's image part is deprecated); `image` when the type is not known. */
const image = (blob: Blob) => ({ type: 'file' as const, data: blob.data ?? '', mediaType: blob.mimeType ?? 'image' });

/** Each call needs an id for its result to answer; a call the model sent without one gets its position. */
const callId = (turn: number, index: number, id: string | undefined) => id ?? `call_${turn}_${index}`;

function modelMessage(content: Content, turn: number, set: FunctionActionSet): ModelMessage | null {
  const parts: (ToolCallPart | { type: 'text'; text: string })[] = [];
  (content.parts ?? []).forEach((part, index) => {
    if (part.functionCall?.name) {
      const { toolName, input } = functionFromCall(set, part.functionCall.name, part.functionCall.args ?? {});
      parts.push({ type: 'tool-call', toolCallId: callId(turn, index, part.functionCall.id), toolName, input });
    } else if (typeof part.text === 'string' && !part.thought && part.text !== '') {
      parts.push({ type: 'text', text: part.text });
    }
  });
  return parts.length > 0 ? { role: 'assistant', content: parts } : null;
}

function userMessages(content: Content, set: FunctionActionSet, calls: Map<string, string>): ModelMessage[] {
  const results: ToolResultPart[] = [];
  const user: Exclude<UserContent, string> = [];
  for (const part of content.parts ?? []) {
    const response = part.functionResponse;
    if (response?.name) {
      const id = response.id ?? calls.get(response.name) ?? response.name;
      const { toolName } = functionFromCall(set, response.name, {});
      results.push({ type: 'tool-result', toolCallId: id, toolName, output: { type: 'json', value: (response.response ?? {}) as Record<string, string> } });
      const shots = (response.parts ?? []).filter((inner: Part) => inner.inlineData?.data);
      if (shots.length > 0)
        user.push({ type: 'text', text: `Screenshot after ${response.name}:` }, ...shots.map((inner: Part) => image(inner.inlineData as Blob)));
    } else if (part.inlineData?.data) {
      user.push(image(part.inlineData));
    } else if (typeof part.text === 'string' && part.text !== '') {
      user.push({ type: 'text', text: part.text });
    }
  }
  const messages: ModelMessage[] = [];
  if (results.length > 0) messages.push({ role: 'tool', content: results });
  if (user.length > 0) messages.push({ role: 'user', content: user });
  return messages;
}

export function toFunctionMessages(contents: readonly Content[], set: FunctionActionSet): ModelMessage[] {
  const messages: ModelMessage[] = [];
  // The ids of the last model turn's calls by name, for responses that came back without an id.
  let calls = new Map<string, string>();
  let turn = 0;
  for (const content of contents) {
    if (content.role === 'model') {
      turn++;
      const message = modelMessage(content, turn, set);
      if (message) messages.push(message);
      calls = new Map(
        (content.parts ?? []).flatMap((part, index) =>
          part.functionCall?.name ? [[part.functionCall.name, callId(turn, index, part.functionCall.id)] as const] : [],
        ),
      );
    } else {
      messages.push(...userMessages(content, set, calls));
    }
  }
  return messages;
}

interface FunctionTurn {
  text: string;
  toolCalls: readonly { toolCallId: string; toolName: string; input: unknown }[];
  finishReason: string;
  usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number; reasoningTokens?: number };
}

/** The model's answer as the turn the session reads: a Gemini-shaped content with every call's id set. */
export function toFunctionTurnResponse(model: string, set: FunctionActionSet, turn: FunctionTurn): TurnResponse {
  const parts: Part[] = [];
  if (turn.text.trim() !== '') parts.push({ text: turn.text });
  for (const call of turn.toolCalls) {
    const { name, args } = callFromFunction(set, call.toolName, call.input);
    parts.push({ functionCall: { id: call.toolCallId, name, args } });
  }
  const candidateContent: Content = { role: 'model', parts };
  const usage: TurnUsage = {
    promptTokens: turn.usage.inputTokens,
    outputTokens: turn.usage.outputTokens,
    thoughtsTokens: turn.usage.reasoningTokens,
    totalTokens: turn.usage.totalTokens,
  };
  return { model, candidateContent, ...summarizeContent(candidateContent), finishReason: turn.finishReason, usage, actionSource: set };
}
