/**
 * POST /api/computer-use: one computer-use model turn. The body (413 past MAX_COMPUTER_USE_BODY_BYTES, 400 with
 * the reason) is the conversation so far in @google/genai's Content[] shape; older screenshots are pruned, the
 * model is chosen (env default, or the body's pick from the allow-list), and the turn comes from the live
 * Gemini API, a vision model on an OpenAI-compatible server (function tools, see function-model.ts) or a
 * recording (TABSMITH_MODEL_PROVIDER=replay). The response is the TurnResponse JSON;
 * errors are `{ error }` with a status (plus `retryAfterSeconds` and Retry-After for a rate limit). The API key
 * never appears in a response.
 */
import { describeZodError, jsonError, readJsonBody } from '@/lib/agent/http';
import { AgentConfigError } from '@/lib/agent/server/modes';
import type { RetryOptions } from '@/lib/agent/server/model-errors';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { readOpenAICompatibleSettings, type Env } from '@/lib/agent/server/providers';
import {
  asContents,
  firstUserText,
  MAX_COMPUTER_USE_BODY_BYTES,
  modelTurnCount,
  pruneScreenshots,
  turnRequestSchema,
  type TurnResponse,
} from '../session-protocol';
import { readUserKey, redactSecrets } from '@/lib/agent/server/user-choice';
import { chooseModel, readComputerUseConfig, readGeminiKey, type ComputerUseConfig } from './config';
import { runFunctionTurn } from './function-model';
import { liveGenerate, runLiveTurn, TurnError, type GenerateContent } from './gemini';
import { loadRecordings, recordTurn, selectReplayTurn } from './replay';
import { errorMessage } from '../../error-message';

export interface ComputerUseDeps {
  env?: Env;
  /** Replaces the live @google/genai call (tests). The key is still required in gemini mode unless this is set. */
  generate?: GenerateContent;
  /** Replaces the OpenAI-compatible model (tests). */
  createFunctionModel?: (modelId: string) => LanguageModel;
  retry?: RetryOptions;
}

/**
 * A vision model on the OpenAI-compatible server. Only the server's key (TABSMITH_OPENAI_API_KEY) goes there:
 * the key a user pasted in Settings is for Gemini, and local servers (Ollama, LM Studio) need none.
 */
function openAICompatibleModel(env: Env, modelId: string): LanguageModel {
  const { baseURL, apiKey } = readOpenAICompatibleSettings(env);
  return createOpenAICompatible({ name: 'openai-compatible', baseURL, apiKey, includeUsage: true }).chatModel(modelId);
}

function readConfig(env: Env): { ok: true; config: ComputerUseConfig } | { ok: false; response: Response } {
  try {
    return { ok: true, config: readComputerUseConfig(env) };
  } catch (error) {
    if (error instanceof AgentConfigError) return { ok: false, response: jsonError(500, error.message) };
    throw error;
  }
}

async function replayTurn(config: ComputerUseConfig, model: string, userText: string, turnIndex: number): Promise<TurnResponse> {
  try {
    return selectReplayTurn(await loadRecordings(config.replayDir), userText, turnIndex, model);
  } catch (error) {
    throw new TurnError(500, `Computer-use replay (TABSMITH_COMPUTER_USE_REPLAY_DIR=${config.replayDir}): ${errorMessage(error)}`);
  }
}

export async function handleComputerUse(req: Request, deps: ComputerUseDeps = {}): Promise<Response> {
  const body = await readJsonBody(req, MAX_COMPUTER_USE_BODY_BYTES);
  if (!body.ok) return body.response;
  const parsed = turnRequestSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, describeZodError(parsed.error));

  const env = deps.env ?? process.env;
  const configured = readConfig(env);
  if (!configured.ok) return configured.response;
  const { config } = configured;
  const chosen = chooseModel(config, parsed.data.model);
  if (!chosen.ok) return jsonError(400, chosen.error);
  const { model } = chosen;
  const userKey = readUserKey(req.headers);
  if (!userKey.ok) return userKey.response;

  const contents = pruneScreenshots(asContents(parsed.data.contents));
  const userText = firstUserText(contents);
  const turnIndex = modelTurnCount(contents);

  try {
    if (config.provider === 'replay') return Response.json(await replayTurn(config, model, userText, turnIndex));
    if (config.provider === 'openai-compatible') {
      const functionModel = deps.createFunctionModel?.(model) ?? openAICompatibleModel(env, model);
      return Response.json(
        await runFunctionTurn({ model: functionModel, modelId: model, set: config.actionSet, contents, retry: deps.retry, signal: req.signal }),
      );
    }
    let generate = deps.generate;
    if (!generate) {
      try {
        generate = liveGenerate(readGeminiKey(env, userKey.key));
      } catch (error) {
        if (error instanceof AgentConfigError) return jsonError(500, error.message);
        throw error;
      }
    }
    const turn = await runLiveTurn({ generate, model, contents, retry: deps.retry, signal: req.signal });
    if (config.recordDir) void recordTurn(config.recordDir, userText, turnIndex, turn);
    return Response.json(turn);
  } catch (error) {
    if (error instanceof TurnError) {
      const message = redactSecrets(error.message, [userKey.key]);
      console.error('[tabsmith] computer-use turn failed:', message);
      if (error.retryAfterSeconds === undefined) return jsonError(error.status, message);
      return Response.json(
        { error: message, retryAfterSeconds: error.retryAfterSeconds },
        { status: error.status, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
}
