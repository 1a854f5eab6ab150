/**
 * Model selection: which provider (TABSMITH_MODEL_PROVIDER = gemini | openai-compatible | replay, default
 * gemini, or the user's choice from Settings when the server allows it), which model and settings for the mode,
 * and the provider options that carry them. Server-only: the server's API key is read here and never leaves the
 * server; a user's own key (sent by their browser with the request) is used in its place for that request only.
 */
import { createGoogle } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { z } from 'zod';
import type { AgentMode } from '../agent-mode';
import { PROVIDER_KINDS, type KeySource, type ProviderKind } from '../model-options';
import type { UserChoice } from '../model-options';
import type { Env } from './server-env';
import { withModelRetry, type RetryOptions } from './model-errors';
import { AgentConfigError, getModeConfig, type GoogleThinkingConfig, type ModeConfig } from './modes';
import { createReplayModel } from './replay/replay-model';
import { withRecording } from './replay/recorder';

export type { Env };

export { PROVIDER_KINDS, type ProviderKind };

export const GEMINI_KEY_VARIABLE = 'GOOGLE_GENERATIVE_AI_API_KEY';

export class MissingApiKeyError extends AgentConfigError {
  override name = 'MissingApiKeyError';
}

export function readProviderKind(env: Env): ProviderKind {
  const raw = env.TABSMITH_MODEL_PROVIDER?.trim() || 'gemini';
  const parsed = z.enum(PROVIDER_KINDS).safeParse(raw);
  if (!parsed.success) throw new AgentConfigError(`TABSMITH_MODEL_PROVIDER="${raw}" is not valid: expected one of ${PROVIDER_KINDS.join(', ')}.`);
  return parsed.data;
}

export interface OpenAICompatibleSettings {
  baseURL: string;
  model: string;
  apiKey: string | undefined;
}

export function readOpenAICompatibleSettings(env: Env): OpenAICompatibleSettings {
  const baseURL = env.TABSMITH_OPENAI_BASE_URL?.trim();
  const model = env.TABSMITH_OPENAI_MODEL?.trim();
  if (!baseURL || !z.url().safeParse(baseURL).success)
    throw new AgentConfigError(
      "TABSMITH_OPENAI_BASE_URL must be set to the server's OpenAI-compatible base URL (e.g. http://localhost:11434/v1) when TABSMITH_MODEL_PROVIDER=openai-compatible.",
    );
  if (!model) throw new AgentConfigError('TABSMITH_OPENAI_MODEL must name the model to use when TABSMITH_MODEL_PROVIDER=openai-compatible.');
  return { baseURL, model, apiKey: env.TABSMITH_OPENAI_API_KEY?.trim() || undefined };
}

/** Everything streamText needs for one mode. */
export interface ResolvedModel {
  provider: ProviderKind;
  config: ModeConfig;
  model: LanguageModelV4;
  providerOptions: { google: { thinkingConfig: GoogleThinkingConfig } } | undefined;
  /** Whose key the calls use. */
  keySource: KeySource;
}

/** Tests inject a factory (a MockLanguageModelV4); it receives the resolved mode settings. */
export type ModelFactory = (config: ModeConfig, provider: ProviderKind) => LanguageModelV4;

export interface ResolveOptions {
  env?: Env;
  createModel?: ModelFactory;
  /** The retry policy around the model (tests shorten the waits). */
  retry?: RetryOptions;
  /** The user's model and key from the request (already checked against the server's allowed list). */
  choice?: UserChoice;
}

/** The key a provider's calls use: the user's, else the server's; none for replay. */
export function keyFor(provider: ProviderKind, env: Env, userKey: string | undefined): { key: string | undefined; source: KeySource } {
  if (provider === 'replay') return { key: undefined, source: 'none' };
  if (userKey) return { key: userKey, source: 'user' };
  const serverKey = (provider === 'gemini' ? env[GEMINI_KEY_VARIABLE] : env.TABSMITH_OPENAI_API_KEY)?.trim();
  return serverKey ? { key: serverKey, source: 'server' } : { key: undefined, source: 'none' };
}

function liveModel(provider: ProviderKind, config: ModeConfig, env: Env, apiKey: string | undefined): LanguageModelV4 {
  switch (provider) {
    case 'gemini': {
      if (!apiKey)
        throw new MissingApiKeyError(
          `The agent needs a Gemini API key: paste yours in Settings (it stays in this browser), or set ${GEMINI_KEY_VARIABLE} in the server's environment and restart.`,
        );
      // TABSMITH_GEMINI_BASE_URL: a gateway or proxy in front of the Gemini API (and the tests' loopback fake).
      const baseURL = env.TABSMITH_GEMINI_BASE_URL?.trim();
      // The chat uses the AI SDK like every other provider; computer use needs the computerUse tool, which the AI
      // SDK's Gemini model lacks, so it builds its own @google/genai client (lib/computer-use/server/gemini.ts).
      return createGoogle({ apiKey, ...(baseURL ? { baseURL } : {}) })(config.model);
    }
    case 'openai-compatible': {
      const settings = readOpenAICompatibleSettings(env);
      return createOpenAICompatible({ name: 'openai-compatible', baseURL: settings.baseURL, apiKey, includeUsage: true }).chatModel(config.model);
    }
    case 'replay': {
      const dir = env.TABSMITH_REPLAY_DIR?.trim();
      if (!dir) throw new AgentConfigError('TABSMITH_REPLAY_DIR must name the folder of recorded sessions when TABSMITH_MODEL_PROVIDER=replay.');
      const delay = Number(env.TABSMITH_REPLAY_DELAY_MS ?? 15);
      return createReplayModel({ dir, chunkDelayMs: Number.isFinite(delay) && delay >= 0 ? delay : 15 });
    }
  }
}

/**
 * The model and settings for a mode. Throws AgentConfigError (MissingApiKeyError for a missing Gemini key)
 * with a message that names the variable to set.
 */
export function resolveModel(mode: AgentMode, options: ResolveOptions = {}): ResolvedModel {
  const env = options.env ?? process.env;
  const chosen = options.choice?.model;
  const provider = chosen?.provider ?? readProviderKind(env);
  const modelFallback =
    provider === 'openai-compatible' && !options.createModel ? readOpenAICompatibleSettings(env).model : (env.TABSMITH_OPENAI_MODEL ?? 'replay');
  const config = getModeConfig(mode, env, { providerIsGemini: provider === 'gemini', modelFallback, ...(chosen ? { model: chosen.model } : {}) });
  const { key, source } = keyFor(provider, env, options.choice?.apiKey);
  let model = options.createModel ? options.createModel(config, provider) : liveModel(provider, config, env, key);
  // Replays are deterministic files: retrying or re-recording them would only hide mistakes.
  if (provider !== 'replay') {
    model = withModelRetry(model, options.retry);
    const recordDir = env.TABSMITH_RECORD_DIR?.trim();
    if (recordDir) model = withRecording(model, recordDir);
  }
  const providerOptions = provider === 'gemini' && config.thinking ? { google: { thinkingConfig: config.thinking } } : undefined;
  return { provider, config, model, providerOptions, keySource: source };
}
