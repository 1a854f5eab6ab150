/**
 * Computer-use configuration, read from the server's environment (server-only: the key is read here and never
 * leaves the server):
 * - TABSMITH_COMPUTER_USE_MODEL: the model id (default gemini-3.8-flash, the current Flash, whose tools include
 *   computer use; a retired model is refused when the server starts).
 * - TABSMITH_COMPUTER_USE_MODELS: extra ids a request body may choose (comma-separated), on top of the
 *   built-in allow-list below and the default.
 * - TABSMITH_MODEL_PROVIDER=replay (shared with the agent): play recorded turns from
 *   TABSMITH_COMPUTER_USE_REPLAY_DIR (default tests/e2e/fixtures/computer-use).
 * - TABSMITH_COMPUTER_USE_RECORD_DIR: record live turns there in the replay format.
 * - With TABSMITH_MODEL_PROVIDER=openai-compatible: the model is TABSMITH_COMPUTER_USE_MODEL, else
 *   TABSMITH_OPENAI_MODEL, on TABSMITH_OPENAI_BASE_URL (a vision model); TABSMITH_COMPUTER_USE_ACTIONS picks the
 *   action set it gets as function tools: generic (default) or claude.
 * - GOOGLE_GENERATIVE_AI_API_KEY: the Gemini key (live mode only).
 */
import { AgentConfigError } from '@/lib/agent/server/modes';
import { GEMINI_COMPUTER_USE_MODELS, retiredModelProblem } from '@/lib/agent/server/gemini-models';
import { z } from 'zod';
import { GEMINI_KEY_VARIABLE, MissingApiKeyError, readOpenAICompatibleSettings, readProviderKind, type Env } from '@/lib/agent/server/providers';
import { FUNCTION_ACTION_SETS, type FunctionActionSet } from './function-tools';

export const DEFAULT_COMPUTER_USE_MODEL = 'gemini-3.8-flash';
export const DEFAULT_COMPUTER_USE_REPLAY_DIR = 'tests/e2e/fixtures/computer-use';

/** Ids with the computer-use tool that still answer (gemini-models.ts), the default first. */
const BUILT_IN_COMPUTER_USE_MODELS: readonly string[] = [...new Set([DEFAULT_COMPUTER_USE_MODEL, ...GEMINI_COMPUTER_USE_MODELS])];

const MODEL_ID = /^[a-z0-9][a-z0-9._-]{0,99}$/i;

export interface ComputerUseConfig {
  provider: 'gemini' | 'replay' | 'openai-compatible';
  /** With openai-compatible: the action set offered as function tools (TABSMITH_COMPUTER_USE_ACTIONS). */
  actionSet: FunctionActionSet;
  defaultModel: string;
  allowedModels: readonly string[];
  replayDir: string;
  recordDir: string | undefined;
}

function checkModelId(id: string, variable: string): string {
  if (!MODEL_ID.test(id)) throw new AgentConfigError(`${variable} contains "${id}", which is not a model id (letters, digits, ".", "-", "_").`);
  const retired = retiredModelProblem(id);
  if (retired) throw new AgentConfigError(`${variable} contains "${id}", which cannot be used: ${retired}.`);
  return id;
}

function readActionSet(env: Env): FunctionActionSet {
  const raw = env.TABSMITH_COMPUTER_USE_ACTIONS?.trim() || 'generic';
  const parsed = z.enum(FUNCTION_ACTION_SETS).safeParse(raw);
  if (!parsed.success) throw new AgentConfigError(`TABSMITH_COMPUTER_USE_ACTIONS="${raw}" is not valid: expected one of ${FUNCTION_ACTION_SETS.join(', ')}.`);
  return parsed.data;
}

export function readComputerUseConfig(env: Env): ComputerUseConfig {
  // The agent's provider: Gemini's computer-use tool, recorded turns, or a vision model on an OpenAI-compatible
  // server acting through the generic or Claude-style action set as function tools.
  const provider = readProviderKind(env);
  const actionSet = readActionSet(env);
  if (provider === 'openai-compatible') {
    const defaultModel = checkModelId(env.TABSMITH_COMPUTER_USE_MODEL?.trim() || readOpenAICompatibleSettings(env).model, 'TABSMITH_COMPUTER_USE_MODEL');
    return {
      provider,
      actionSet,
      defaultModel,
      allowedModels: [...new Set([defaultModel, ...readExtraModels(env)])],
      replayDir: readReplayDir(env),
      recordDir: undefined,
    };
  }
  const defaultModel = checkModelId(env.TABSMITH_COMPUTER_USE_MODEL?.trim() || DEFAULT_COMPUTER_USE_MODEL, 'TABSMITH_COMPUTER_USE_MODEL');
  return {
    provider,
    actionSet,
    defaultModel,
    allowedModels: [...new Set([defaultModel, ...BUILT_IN_COMPUTER_USE_MODELS, ...readExtraModels(env)])],
    replayDir: readReplayDir(env),
    recordDir: env.TABSMITH_COMPUTER_USE_RECORD_DIR?.trim() || undefined,
  };
}

function readExtraModels(env: Env): string[] {
  return (env.TABSMITH_COMPUTER_USE_MODELS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => checkModelId(id, 'TABSMITH_COMPUTER_USE_MODELS'));
}

const readReplayDir = (env: Env) => env.TABSMITH_COMPUTER_USE_REPLAY_DIR?.trim() || DEFAULT_COMPUTER_USE_REPLAY_DIR;

/** The model for a request: the body's choice when allowed, else the default. `error` names the allowed ids. */
export function chooseModel(config: ComputerUseConfig, requested: string | undefined): { ok: true; model: string } | { ok: false; error: string } {
  if (requested === undefined) return { ok: true, model: config.defaultModel };
  const retired = retiredModelProblem(requested);
  if (retired) return { ok: false, error: `model: ${retired}.` };
  if (config.allowedModels.includes(requested)) return { ok: true, model: requested };
  return {
    ok: false,
    error: `model: "${requested}" is not allowed for computer use. Allowed: ${config.allowedModels.join(', ')} (extend with TABSMITH_COMPUTER_USE_MODELS).`,
  };
}

/** The user's own key (from Settings, sent with the request) when there is one, else the server's. */
export function readGeminiKey(env: Env, userKey?: string): string {
  const key = userKey ?? env[GEMINI_KEY_VARIABLE]?.trim();
  if (!key)
    throw new MissingApiKeyError(
      `Computer use needs a Gemini API key: paste yours in Settings (it stays in this browser), or set ${GEMINI_KEY_VARIABLE} in the server's environment and restart.`,
    );
  return key;
}
