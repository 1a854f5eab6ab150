/**
 * The three agent modes in one place: model id, temperature, thinking, step cap. Every value can be overridden
 * by env (`TABSMITH_<MODE>_MODEL`, `_TEMPERATURE`, `_THINKING`, `_STEPS`, `_MAX_OUTPUT_TOKENS`), validated here so a typo fails with
 * a message that names the variable instead of a confusing provider error; thinking is checked against
 * @ai-sdk/google's model catalog (lib/agent/server/thinking-catalog.ts), so an override the model does not take
 * (`minimal` on a Pro model, `xhigh` outside Hydrogen, budget 0 on 2.5 Pro) fails when the server starts.
 *
 * Why these defaults (ids from the installed @ai-sdk/google and @google/genai catalogs; the 2.5 generation is
 * being retired and gemini-3-flash-preview has successors):
 * - fast → gemini-3.5-flash-lite at thinkingLevel "minimal": the current Flash-Lite, the cheapest and quickest
 *   model that still follows tool schemas, for scaffolds and one-file edits.
 * - balanced → gemini-3.8-flash at thinkingLevel "medium": the current Flash (@google/genai's own example
 *   model); its lowest level is "low", so "medium" keeps balanced between fast and deep.
 * - deep → gemini-3.1-pro-preview at thinkingLevel "high", with thoughts included so the chat can show them:
 *   the newest model either catalog names Pro (Gemini 4 ids such as gemini-4-argon can be set by override).
 * Gemini 3 and later deprecate sampling parameters (and are tuned for their defaults: a low temperature can make
 * them loop), so they get no temperature at all; other providers' models get 1.0 unless overridden.
 * Each Gemini mode caps its answer (`maxOutputTokens`, thinking included; Gemini 3 allows 65,536): an answer that
 * reaches the cap ends with finish reason "length", which the chat shows with Continue instead of passing the
 * cut text off as whole. Other providers' limits vary by model, so they get a cap only when the env sets one.
 *
 * Server-only: the catalog lives in @ai-sdk/google. The chat client takes its step caps from ./step-caps.
 */
import { z } from 'zod';
import { agentModeSchema, type AgentMode } from '../agent-mode';
import { modelIdSchema } from '../model-options';
import { MODE_STEP_CAPS } from '../step-caps';
import { deprecatesSampling, retiredModelProblem } from './gemini-models';
import { budgetProblem, clampBudget, nearestLevel, THINKING_LEVELS, thinkingRules, type ThinkingLevel } from './thinking-catalog';

export { MODE_STEP_CAPS, THINKING_LEVELS, type ThinkingLevel };

export const AGENT_MODES = agentModeSchema.options;

/** What @ai-sdk/google expects under providerOptions.google.thinkingConfig. */
export type GoogleThinkingConfig = { thinkingBudget: number; includeThoughts?: boolean } | { thinkingLevel: ThinkingLevel; includeThoughts?: boolean };

export interface ModeConfig {
  mode: AgentMode;
  model: string;
  /** undefined where the model deprecates sampling parameters (Gemini 3 and later): none is sent. */
  temperature: number | undefined;
  /** undefined for non-Gemini models: thinking options are Gemini-only. */
  thinking: GoogleThinkingConfig | undefined;
  includeThoughts: boolean;
  maxSteps: number;
  /** The answer's token cap (thinking included); undefined leaves the provider's own. */
  maxOutputTokens: number | undefined;
}

interface ModeDefaults {
  model: string;
  temperature: number;
  /** Each mode's effort, expressed for both Gemini families so a model override keeps a sensible setting. */
  thinkingBudget: number;
  thinkingLevel: ThinkingLevel;
  includeThoughts: boolean;
  maxOutputTokens: number;
}

export const MODE_DEFAULTS: Record<AgentMode, ModeDefaults> = {
  fast: { model: 'gemini-3.5-flash-lite', temperature: 1, thinkingBudget: 0, thinkingLevel: 'minimal', includeThoughts: false, maxOutputTokens: 16_384 },
  balanced: { model: 'gemini-3.8-flash', temperature: 1, thinkingBudget: 2048, thinkingLevel: 'medium', includeThoughts: false, maxOutputTokens: 32_768 },
  deep: { model: 'gemini-3.1-pro-preview', temperature: 1, thinkingBudget: 8192, thinkingLevel: 'high', includeThoughts: true, maxOutputTokens: 65_536 },
};

/** A configuration value that cannot be used; the message names the variable and what it accepts. */
export class AgentConfigError extends Error {
  override name = 'AgentConfigError';
}

/**
 * Which thinking knob a model id takes, as the provider's catalog says: Gemini 2.5 (and older) ids a token
 * budget, Gemini 3+ ids a level (unknown gemini-* ids count as the newest generation). Other models: none.
 */
export function thinkingKind(modelId: string): 'budget' | 'level' | 'none' {
  return thinkingRules(modelId).kind;
}

const envKey = (mode: AgentMode, field: string) => `TABSMITH_${mode.toUpperCase()}_${field}`;

const temperatureSchema = z.coerce.number().min(0).max(2);
const stepsSchema = z.coerce.number().int().min(1).max(50);
const outputTokensSchema = z.coerce.number().int().min(256).max(1_000_000);
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
  options: { providerIsGemini?: boolean; modelFallback?: string; model?: string } = {},
): ModeConfig {
  const defaults = MODE_DEFAULTS[mode];
  const providerIsGemini = options.providerIsGemini ?? true;
  const configuredModel =
    readEnv(env, envKey(mode, 'MODEL'), modelIdSchema, 'a model id such as gemini-3.8-flash') ??
    (providerIsGemini ? defaults.model : (options.modelFallback ?? defaults.model));
  // A user's choice of model replaces the configured one; the operator's thinking override was set for the
  // configured model, so with another model the mode's default effort applies instead.
  const model = options.model ?? configuredModel;
  const thinkingEnv = options.model !== undefined && options.model !== configuredModel ? {} : env;
  if (providerIsGemini) {
    const retired = retiredModelProblem(configuredModel);
    if (retired) throw new AgentConfigError(`${envKey(mode, 'MODEL')}="${configuredModel}" cannot be used: ${retired}.`);
  }
  const temperatureName = envKey(mode, 'TEMPERATURE');
  const temperatureOverride = readEnv(env, temperatureName, temperatureSchema, 'a number from 0 to 2');
  const noSampling = providerIsGemini && deprecatesSampling(model);
  if (noSampling && temperatureOverride !== undefined && model === configuredModel)
    throw new AgentConfigError(`${temperatureName} is set, but ${model} deprecates sampling parameters (Gemini 3 and later): remove it.`);
  const temperature = noSampling ? undefined : (temperatureOverride ?? defaults.temperature);
  const maxSteps = readEnv(env, envKey(mode, 'STEPS'), stepsSchema, 'a whole number from 1 to 50') ?? MODE_STEP_CAPS[mode];
  const outputCap = readEnv(env, envKey(mode, 'MAX_OUTPUT_TOKENS'), outputTokensSchema, 'a whole number of tokens from 256 to 1000000');
  const maxOutputTokens = outputCap ?? (providerIsGemini ? defaults.maxOutputTokens : undefined);
  const includeThoughts = defaults.includeThoughts;
  const rules = providerIsGemini ? thinkingRules(model) : ({ kind: 'none' } as const);
  const thinkingName = envKey(mode, 'THINKING');
  let thinking: GoogleThinkingConfig | undefined;
  if (rules.kind === 'budget') {
    const budget = readEnv(thinkingEnv, thinkingName, budgetSchema, `a token budget from -1 to 32768 (${model} takes a budget, not a level)`);
    const problem = budget === undefined ? undefined : budgetProblem(budget, rules);
    if (problem) throw new AgentConfigError(`${thinkingName}="${budget}" is not valid for ${model}: ${problem}.`);
    thinking = { thinkingBudget: budget ?? clampBudget(defaults.thinkingBudget, rules) };
  } else if (rules.kind === 'level') {
    const level = readEnv(thinkingEnv, thinkingName, levelSchema, `one of ${rules.levels.join(', ')} (${model} takes a level, not a budget)`);
    if (level !== undefined && !rules.levels.includes(level))
      throw new AgentConfigError(`${thinkingName}="${level}" is not valid for ${model}: it takes ${rules.levels.join(', ')}.`);
    thinking = { thinkingLevel: level ?? nearestLevel(defaults.thinkingLevel, rules.levels) };
  }
  if (thinking && includeThoughts) thinking = { ...thinking, includeThoughts: true };
  return { mode, model, temperature, thinking, includeThoughts, maxSteps, maxOutputTokens };
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
