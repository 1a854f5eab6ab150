/**
 * The three agent modes in one place: model id, temperature, thinking, step cap. Defaults are current Gemini
 * ids from @ai-sdk/google 4's catalog (the seed's 2.0-era ids are retired); every value can be overridden by
 * env (`TABSMITH_<MODE>_MODEL`, `_TEMPERATURE`, `_THINKING`, `_STEPS`), validated here so a typo fails with a
 * message that names the variable instead of a confusing provider error.
 *
 * Why these defaults:
 * - fast → gemini-2.5-flash with thinkingBudget 0: the 2.5 generation can switch thinking off entirely, which
 *   gives the lowest latency for scaffolds and one-file edits (Gemini 3's "minimal" level still may think).
 * - balanced → gemini-3-flash-preview at thinkingLevel "low": most of Gemini 3's coding quality at flash cost.
 * - deep → gemini-3.1-pro-preview at thinkingLevel "high", with thoughts included so the chat can show them.
 * Gemini 3 models are tuned for temperature 1.0 (lower values can make them loop), hence 1.0 there.
 *
 * This module is imported by the chat client too (for the step caps), so it touches no Node APIs; env is only
 * read when a function is called with it.
 */
import { z } from 'zod';
import { agentModeSchema, type AgentMode } from './messages';

export const AGENT_MODES = agentModeSchema.options;

export const THINKING_LEVELS = ['minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

/** What @ai-sdk/google expects under providerOptions.google.thinkingConfig. */
export type GoogleThinkingConfig =
  | { thinkingBudget: number; includeThoughts?: boolean }
  | { thinkingLevel: ThinkingLevel; includeThoughts?: boolean };

/** Model steps per user turn, counted and enforced by the chat client (the server answers one step per request). */
export const MODE_STEP_CAPS: Record<AgentMode, number> = { fast: 3, balanced: 5, deep: 10 };

export interface ModeConfig {
  mode: AgentMode;
  model: string;
  temperature: number;
  /** undefined for non-Gemini models: thinking options are Gemini-only. */
  thinking: GoogleThinkingConfig | undefined;
  includeThoughts: boolean;
  maxSteps: number;
}

interface ModeDefaults {
  model: string;
  temperature: number;
  /** Each mode's effort, expressed for both Gemini families so a model override keeps a sensible setting. */
  thinkingBudget: number;
  thinkingLevel: ThinkingLevel;
  includeThoughts: boolean;
}

export const MODE_DEFAULTS: Record<AgentMode, ModeDefaults> = {
  fast: { model: 'gemini-2.5-flash', temperature: 0.7, thinkingBudget: 0, thinkingLevel: 'minimal', includeThoughts: false },
  balanced: { model: 'gemini-3-flash-preview', temperature: 1, thinkingBudget: 2048, thinkingLevel: 'low', includeThoughts: false },
  deep: { model: 'gemini-3.1-pro-preview', temperature: 1, thinkingBudget: 8192, thinkingLevel: 'high', includeThoughts: true },
};

/** A configuration value that cannot be used; the message names the variable and what it accepts. */
export class AgentConfigError extends Error {
  override name = 'AgentConfigError';
}

/**
 * Which thinking knob a model id takes: Gemini 2.5 (and older) ids take a token budget, Gemini 3+ ids a level
 * (@ai-sdk/google treats unknown gemini-* ids as the newest generation, so do we). Other models: none.
 */
export function thinkingKind(modelId: string): 'budget' | 'level' | 'none' {
  const match = /^(?:models\/)?gemini-(\d+)(?:\.(\d+))?/.exec(modelId);
  if (!match) return /^(?:models\/)?gemini-/.test(modelId) ? 'level' : 'none';
  return Number(match[1]) >= 3 ? 'level' : 'budget';
}

const envKey = (mode: AgentMode, field: string) => `TABSMITH_${mode.toUpperCase()}_${field}`;

const modelIdSchema = z.string().trim().min(1).max(200).regex(/^[\w.:/-]+$/, 'letters, digits and . _ - : / only');
const temperatureSchema = z.coerce.number().min(0).max(2);
const stepsSchema = z.coerce.number().int().min(1).max(50);
// -1 is Gemini 2.5's "dynamic thinking"; 32768 is 2.5 Pro's maximum.
const budgetSchema = z.coerce.number().int().min(-1).max(32_768);
const levelSchema = z.enum(THINKING_LEVELS);

function readEnv<T>(env: Record<string, string | undefined>, name: string, schema: z.ZodType<T>, accepts: string): T | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = schema.safeParse(raw.trim());
  if (!parsed.success) throw new AgentConfigError(`${name}="${raw}" is not valid: expected ${accepts}.`);
  return parsed.data;
}

/**
 * One mode's settings with env overrides applied.
 * `providerIsGemini` false (openai-compatible, replay) drops the thinking options; `modelFallback` is the model
 * a non-Gemini provider uses when no per-mode model is set.
 */
export function getModeConfig(
  mode: AgentMode,
  env: Record<string, string | undefined> = process.env,
  options: { providerIsGemini?: boolean; modelFallback?: string } = {},
): ModeConfig {
  const defaults = MODE_DEFAULTS[mode];
  const providerIsGemini = options.providerIsGemini ?? true;
  const model =
    readEnv(env, envKey(mode, 'MODEL'), modelIdSchema, 'a model id such as gemini-2.5-flash') ??
    (providerIsGemini ? defaults.model : (options.modelFallback ?? defaults.model));
  const temperature = readEnv(env, envKey(mode, 'TEMPERATURE'), temperatureSchema, 'a number from 0 to 2') ?? defaults.temperature;
  const maxSteps = readEnv(env, envKey(mode, 'STEPS'), stepsSchema, 'a whole number from 1 to 50') ?? MODE_STEP_CAPS[mode];
  const includeThoughts = defaults.includeThoughts;
  const kind = providerIsGemini ? thinkingKind(model) : 'none';
  const thinkingName = envKey(mode, 'THINKING');
  let thinking: GoogleThinkingConfig | undefined;
  if (kind === 'budget') {
    const budget = readEnv(env, thinkingName, budgetSchema, `a token budget from -1 to 32768 (${model} takes a budget, not a level)`);
    thinking = { thinkingBudget: budget ?? defaults.thinkingBudget };
  } else if (kind === 'level') {
    const level = readEnv(env, thinkingName, levelSchema, `one of ${THINKING_LEVELS.join(', ')} (${model} takes a level, not a budget)`);
    thinking = { thinkingLevel: level ?? defaults.thinkingLevel };
  }
  if (thinking && includeThoughts) thinking = { ...thinking, includeThoughts: true };
  return { mode, model, temperature, thinking, includeThoughts, maxSteps };
}

/** All three modes at once: used at startup to fail early on a bad override. */
export function loadModeConfigs(
  env: Record<string, string | undefined> = process.env,
  options: { providerIsGemini?: boolean; modelFallback?: string } = {},
): Record<AgentMode, ModeConfig> {
  return {
    fast: getModeConfig('fast', env, options),
    balanced: getModeConfig('balanced', env, options),
    deep: getModeConfig('deep', env, options),
  };
}
