/**
 * One computer-use turn with a model that acts through function tools (an OpenAI-compatible server's vision
 * model): the generic or Claude-style set as tools, the conversation as chat messages with the screenshots as
 * images, retried like a Gemini turn (transient errors and rate limits; an empty answer once).
 */
import { generateText, tool, type LanguageModel, type ToolSet } from 'ai';
import type { Content } from '@google/genai';
import { DEFAULT_RETRY, withJitteredRetry, type RetryOptions } from '@/lib/agent/server/model-errors';
import type { TurnResponse } from '../session-protocol';
import { functionToolsFor, systemPromptFor, type FunctionActionSet } from './function-tools';
import { toFunctionMessages, toFunctionTurnResponse } from './function-turns';
import { turnAskedTwiceIfEmpty } from './gemini';

interface FunctionTurnOptions {
  model: LanguageModel;
  modelId: string;
  set: FunctionActionSet;
  contents: Content[];
  retry?: RetryOptions;
  signal?: AbortSignal;
}

function toolSet(set: FunctionActionSet): ToolSet {
  return Object.fromEntries(
    Object.entries(functionToolsFor(set)).map(([name, definition]) => [
      name,
      tool({ description: definition.description, inputSchema: definition.inputSchema }),
    ]),
  );
}

export async function runFunctionTurn({ model, modelId, set, contents, retry = DEFAULT_RETRY, signal }: FunctionTurnOptions): Promise<TurnResponse> {
  const tools = toolSet(set);
  const call = async (): Promise<TurnResponse> => {
    const result = await withJitteredRetry(
      () =>
        generateText({
          model,
          instructions: systemPromptFor(set),
          messages: toFunctionMessages(contents, set),
          tools,
          maxRetries: 0,
          ...(signal ? { abortSignal: signal } : {}),
        }),
      retry,
      signal,
    );
    return toFunctionTurnResponse(modelId, set, {
      text: result.text,
      toolCalls: result.toolCalls,
      finishReason: result.finishReason,
      usage: {
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        totalTokens: result.usage.totalTokens,
        reasoningTokens: result.usage.outputTokenDetails?.reasoningTokens,
      },
    });
  };
  return turnAskedTwiceIfEmpty(
    call,
    (turn) =>
      `The model answered twice with neither an action nor an answer (finish reason ${turn.finishReason ?? 'none'}). Try again or rephrase the instructions.`,
  );
}
