/**
 * POST /api/ai: one model step of the agent. The route stays thin and calls handleChat, which validates the
 * body (413 past MAX_CHAT_BODY_BYTES, 400 with the reason), resolves the run's model (one per run, see
 * run-model.ts; another model's thought signatures are neutralized), builds the bounded
 * system instructions and streams the model's answer back as a UI message stream. Tools have no `execute`:
 * a step that calls tools ends the stream, the tab runs them and POSTs again (the client counts the steps).
 */
import {
  convertToModelMessages,
  createUIMessageStreamResponse,
  generateId,
  streamText,
  toUIMessageStream,
  type LanguageModelUsage,
  type ModelMessage,
} from 'ai';
import { approvalFor } from '../approvals/decide';
import { describeZodError, jsonError, readJsonBody } from '../http';
import { markEmptySteps } from './empty-steps';
import { NUDGE_TEXT, type StepEnding } from '../step-ending';
import { chatRequestSchema, MAX_CHAT_BODY_BYTES, type AgentMode, type IdeUIMessage, type MessageMetadata } from '../messages';
import { prepareImageInput } from './image-input';
import { describeModelError } from './model-errors';
import { describeRejectedToolCall } from '../tool-call-errors';
import { AgentConfigError } from './modes';
import { resolveModel, type ResolvedModel, type ResolveOptions } from './providers';
import { readUserChoice, redactSecrets } from './user-choice';
import { neutralizeForeignSignatures, runModeOf } from './run-model';
import { buildSystemPrompt } from './system-prompt';
import { activeToolsFor, agentTools } from '../tools';
import { errorMessage } from '../../error-message';

export type AgentDeps = ResolveOptions;

interface Resolution {
  resolved: ResolvedModel;
  /** Takes the user's key out of a text bound for a log line or an error response. */
  redact(text: string): string;
}

/**
 * The mode's model, with the user's choice and key from the request's headers (400 when the server does not
 * allow the choice). Config problems (bad env, missing key) become a 500 whose message says what to set;
 * anything else rethrows.
 */
export function resolveOrError(mode: AgentMode, deps: AgentDeps, headers: Headers): ({ ok: true } & Resolution) | { ok: false; response: Response } {
  const user = readUserChoice(headers, deps.env);
  if (!user.ok) return user;
  try {
    const resolved = resolveModel(mode, { ...deps, choice: user.choice });
    return { ok: true, resolved, redact: (text) => redactSecrets(text, [user.choice.apiKey]) };
  } catch (error) {
    if (error instanceof AgentConfigError) return { ok: false, response: jsonError(500, error.message) };
    throw error;
  }
}

function usageMetadata(usage: LanguageModelUsage): NonNullable<MessageMetadata['usage']> {
  return {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    reasoningTokens: usage.outputTokenDetails?.reasoningTokens,
    totalTokens: usage.totalTokens,
  };
}

/** The client keeps requests far below the limit, so a 413 means that bounding failed, not a user mistake. */
export const chatTooLarge = (limit: number) =>
  `The conversation grew too large for one request (over ${(limit / (1024 * 1024)).toFixed(0)} MB). The IDE compacts long conversations automatically — written file contents become references and older turns are summarised — so this request was not bounded as it should be; start a new conversation to continue.`;

/** The turn's usage so far: the earlier steps' (carried in the message's metadata) plus this step's. */
export function turnUsage(previous: MessageMetadata['usage'], step: LanguageModelUsage): NonNullable<MessageMetadata['usage']> {
  const current = usageMetadata(step);
  const add = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));
  return {
    inputTokens: add(previous?.inputTokens, current.inputTokens),
    outputTokens: add(previous?.outputTokens, current.outputTokens),
    reasoningTokens: add(previous?.reasoningTokens, current.reasoningTokens),
    totalTokens: add(previous?.totalTokens, current.totalTokens),
  };
}

export async function handleChat(req: Request, deps: AgentDeps = {}): Promise<Response> {
  const body = await readJsonBody(req, MAX_CHAT_BODY_BYTES, chatTooLarge);
  if (!body.ok) return body.response;
  const parsed = chatRequestSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, describeZodError(parsed.error));
  const { workspaceState } = parsed.data;
  // The schema checks the envelope and each part's type; the AI SDK checks the parts' contents when
  // converting. System messages from the client are dropped: the instructions are the server's.
  const messages = (parsed.data.messages as unknown as IdeUIMessage[]).filter((message) => message.role !== 'system');
  if (messages.length === 0) return jsonError(400, 'messages: at least one user or assistant message is required');
  // One model per run: the mode the run's user message was sent with wins over a selector changed since.
  const mode = runModeOf(messages, parsed.data.mode);

  const resolution = resolveOrError(mode, deps, req.headers);
  if (!resolution.ok) return resolution.response;
  const { model, config, providerOptions, keySource } = resolution.resolved;
  const { redact } = resolution;
  const withImages = prepareImageInput(messages, resolution.resolved.provider, config.model, deps.env);
  if (!withImages.ok) return jsonError(422, withImages.error);

  let modelMessages: ModelMessage[];
  try {
    modelMessages = await convertToModelMessages(markEmptySteps(neutralizeForeignSignatures(withImages.messages, config.model)), {
      tools: agentTools,
      ignoreIncompleteToolCalls: true,
    });
  } catch (error) {
    return jsonError(400, `messages: ${errorMessage(error)}`);
  }
  // Continue after a cut-off answer, or try again after an empty one: said to the model, not shown in the chat.
  const { nudge } = parsed.data;
  if (nudge) modelMessages.push({ role: 'user', content: [{ type: 'text', text: NUDGE_TEXT[nudge] }] });

  // A step of a running turn continues the last assistant message: its usage adds to the earlier steps'.
  const last = messages[messages.length - 1];
  const previousUsage = last?.role === 'assistant' ? last.metadata?.usage : undefined;

  const result = streamText({
    model,
    instructions: buildSystemPrompt(config, workspaceState),
    messages: modelMessages,
    tools: agentTools,
    // Each tool's definition names the modes that offer it.
    activeTools: activeToolsFor(mode),
    temperature: config.temperature,
    maxOutputTokens: config.maxOutputTokens,
    providerOptions,
    abortSignal: req.signal,
    // A call the user must approve first reaches the tab as an approval request instead of a call to run.
    toolApproval: ({ toolCall }) => {
      const approval = approvalFor(toolCall.toolName, toolCall.input, parsed.data.approvals);
      if (!approval) return 'not-applicable';
      return approval.reasons.length > 0 ? { type: 'user-approval', reason: approval.reasons.join('; ') } : 'user-approval';
    },
    // Retries happen in the model wrapper (jittered); the SDK's own loop would multiply them.
    maxRetries: 0,
    // Already shown to the user through the stream; log for the server operator.
    onError: ({ error }) => console.error('[tabsmith] model error:', redact(describeModelError(error))),
  });

  // Whether this step has said or called anything: a step that ends without either is reported as empty.
  let produced = false;
  return createUIMessageStreamResponse({
    headers: { 'X-Agent-Mode': mode },
    stream: toUIMessageStream<typeof agentTools, IdeUIMessage>({
      stream: result.stream,
      originalMessages: messages,
      generateMessageId: generateId,
      messageMetadata: ({ part }) => {
        if (
          (part.type === 'text-delta' && part.text.trim() !== '') ||
          part.type === 'tool-call' ||
          part.type === 'tool-input-start' ||
          part.type === 'tool-error'
        )
          produced = true;
        if (part.type === 'start') return { mode, model: config.model, keySource, maxSteps: config.maxSteps };
        if (part.type === 'finish') {
          const ending: StepEnding = {
            reason: part.finishReason,
            raw: part.rawFinishReason?.slice(0, 100) ?? null,
            empty: !produced,
            maxOutputTokens: config.maxOutputTokens ?? null,
          };
          return { mode, model: config.model, keySource, maxSteps: config.maxSteps, usage: turnUsage(previousUsage, part.totalUsage), ending };
        }
        return undefined;
      },
      // A rejected tool call (unknown name, bad JSON, schema mismatch) is the model's mistake, not a failed
      // request: its text names the problem so the model can correct the call.
      onError: (error) => redact(describeRejectedToolCall(error) ?? describeModelError(error)),
    }),
  });
}
