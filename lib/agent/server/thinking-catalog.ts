/**
 * Which thinking settings a Gemini model takes, from @ai-sdk/google's own model catalog (the provider builds its
 * requests from the same entries): Gemini 3 and later take a level from a per-model list (Pro models have no
 * `minimal`, only Hydrogen has `xhigh`, Flash from 3.7 starts at `low`); Gemini 2.5 takes a token budget with a
 * per-model range (2.5 Pro cannot turn thinking off: its minimum is 128). Server-only.
 */
import { getGoogleLanguageModelEntry } from '@ai-sdk/google/internal';

export const THINKING_LEVELS = ['minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

type ThinkingRules = { kind: 'level'; levels: ThinkingLevel[] } | { kind: 'budget'; min: number; max: number } | { kind: 'none' };

const isLevel = (value: string): value is ThinkingLevel => (THINKING_LEVELS as readonly string[]).includes(value);

/** The thinking settings `modelId` accepts; `none` for ids that are not Gemini models. */
export function thinkingRules(modelId: string): ThinkingRules {
  if (!/(^|[/.])gemini-/i.test(modelId)) return { kind: 'none' };
  const entry = getGoogleLanguageModelEntry(modelId);
  const { reasoning } = entry.capabilities.language;
  if (entry.requestConfig.language.thinkingFormat === 'level') return { kind: 'level', levels: (reasoning.efforts ?? []).filter(isLevel) };
  return { kind: 'budget', min: reasoning.minBudget, max: reasoning.maxBudget };
}

/** Why `budget` does not suit a model with these rules, or undefined when it does (-1 is "dynamic"). */
export function budgetProblem(budget: number, rules: { min: number; max: number }): string | undefined {
  if (budget === -1 || (budget === 0 && rules.min === 0)) return undefined;
  if (budget === 0) return `this model cannot turn thinking off (its smallest budget is ${rules.min})`;
  if (budget < rules.min || budget > rules.max) return `this model takes ${rules.min}–${rules.max}, -1 (dynamic)${rules.min === 0 ? ' or 0 (off)' : ''}`;
  return undefined;
}

/** The allowed level nearest to `wanted` (for a default that a model override does not offer). */
export function nearestLevel(wanted: ThinkingLevel, levels: readonly ThinkingLevel[]): ThinkingLevel {
  const rank = (level: ThinkingLevel) => THINKING_LEVELS.indexOf(level);
  return [...levels].sort((a, b) => Math.abs(rank(a) - rank(wanted)) - Math.abs(rank(b) - rank(wanted)) || rank(a) - rank(b))[0] ?? wanted;
}

/** A default budget moved into the model's range (keeping -1 and an allowed 0). */
export function clampBudget(budget: number, rules: { min: number; max: number }): number {
  if (budgetProblem(budget, rules) === undefined) return budget;
  return Math.min(rules.max, Math.max(rules.min, budget));
}
