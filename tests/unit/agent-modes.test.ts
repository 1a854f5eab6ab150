import { describe, expect, it } from 'vitest';
import { AgentConfigError, getModeConfig, loadModeConfigs, MODE_DEFAULTS, MODE_STEP_CAPS, thinkingKind } from '@/lib/agent/server/modes';
import { describeModelSetup } from '@/lib/agent/server/model-setup';
import { thinkingRules } from '@/lib/agent/server/thinking-catalog';

describe('agent modes', () => {
  it('has current Gemini defaults with step caps 3 / 5 / 10', () => {
    const modes = loadModeConfigs({});
    // Gemini 3 and later deprecate sampling parameters: none is sent.
    expect(modes.fast).toMatchObject({
      model: 'gemini-3.5-flash-lite',
      temperature: undefined,
      thinking: { thinkingLevel: 'minimal' },
      includeThoughts: false,
      maxSteps: 3,
    });
    expect(modes.balanced).toMatchObject({ model: 'gemini-3.8-flash', thinking: { thinkingLevel: 'medium' }, includeThoughts: false, maxSteps: 5 });
    expect(modes.deep).toMatchObject({
      model: 'gemini-3.1-pro-preview',
      thinking: { thinkingLevel: 'high', includeThoughts: true },
      includeThoughts: true,
      maxSteps: 10,
    });
    expect(MODE_STEP_CAPS).toEqual({ fast: 3, balanced: 5, deep: 10 });
  });

  it('every default is a model @ai-sdk/google knows, with a thinking setting its catalog accepts', () => {
    for (const [mode, defaults] of Object.entries(MODE_DEFAULTS)) {
      const rules = thinkingRules(defaults.model);
      expect(rules.kind, mode).toBe('level');
      if (rules.kind === 'level') expect(rules.levels, mode).toContain(defaults.thinkingLevel);
    }
  });

  it.each([
    ['gemini-2.5-flash', 'budget'],
    ['gemini-2.5-pro', 'budget'],
    ['gemini-2.5-flash-lite', 'budget'],
    ['gemini-3-flash-preview', 'level'],
    ['gemini-3.1-pro-preview', 'level'],
    ['gemini-4-argon', 'level'],
    ['gemini-flash-latest', 'level'],
    ['llama3.2', 'none'],
  ] as const)('derives the thinking knob from %s → %s', (id, kind) => {
    expect(thinkingKind(id)).toBe(kind);
  });

  it('applies env overrides', () => {
    const env = { TABSMITH_FAST_MODEL: 'gemini-2.5-flash-lite', TABSMITH_FAST_TEMPERATURE: '0.2', TABSMITH_FAST_THINKING: '1024', TABSMITH_FAST_STEPS: '4' };
    expect(getModeConfig('fast', env)).toMatchObject({ model: 'gemini-2.5-flash-lite', temperature: 0.2, thinking: { thinkingBudget: 1024 }, maxSteps: 4 });
  });

  it.each([
    [
      { TABSMITH_FAST_MODEL: 'gemini-2.5-flash' },
      'TABSMITH_FAST_MODEL="gemini-2.5-flash" cannot be used: gemini-2.5-flash was retired by Google in late 2026 (its requests fail); use gemini-3.8-flash instead',
    ],
    [{ TABSMITH_DEEP_MODEL: 'gemini-3-pro-preview' }, 'use gemini-3.1-pro-preview instead'],
    [{ TABSMITH_BALANCED_MODEL: 'gemini-3.5-flash' }, 'retired by Google on 2026-10-08'],
  ])('refuses a retired model when the server starts, naming its replacement (%o)', (env, text) => {
    expect(() => loadModeConfigs(env)).toThrow(AgentConfigError);
    expect(() => loadModeConfigs(env)).toThrow(text);
  });

  it('refuses a temperature for a model that deprecates sampling, and sends none for it', () => {
    expect(() => loadModeConfigs({ TABSMITH_BALANCED_TEMPERATURE: '0.2' })).toThrow('gemini-3.8-flash deprecates sampling parameters');
    expect(getModeConfig('balanced', {}).temperature).toBeUndefined();
    expect(getModeConfig('deep', {}, { providerIsGemini: false, modelFallback: 'qwen2.5-coder' }).temperature).toBe(1);
  });

  it('keeps a sensible thinking setting when only the model is overridden (the nearest the model offers)', () => {
    expect(getModeConfig('fast', { TABSMITH_FAST_MODEL: 'gemini-3-flash-preview' }).thinking).toEqual({ thinkingLevel: 'minimal' });
    expect(getModeConfig('fast', { TABSMITH_FAST_MODEL: 'gemini-3.1-pro-preview' }).thinking).toEqual({ thinkingLevel: 'low' });
    expect(getModeConfig('fast', { TABSMITH_FAST_MODEL: 'gemini-2.5-flash-lite' }).thinking).toEqual({ thinkingBudget: 0 });
    expect(getModeConfig('deep', { TABSMITH_DEEP_MODEL: 'gemini-2.5-flash-lite' }).thinking).toEqual({ thinkingBudget: 8192, includeThoughts: true });
  });

  it.each([
    [{ TABSMITH_DEEP_THINKING: 'minimal' }, 'TABSMITH_DEEP_THINKING="minimal" is not valid for gemini-3.1-pro-preview: it takes low, medium, high'],
    [{ TABSMITH_BALANCED_THINKING: 'xhigh' }, 'TABSMITH_BALANCED_THINKING="xhigh" is not valid for gemini-3.8-flash'],
    [{ TABSMITH_FAST_MODEL: 'gemini-2.5-flash-lite', TABSMITH_FAST_THINKING: '30000' }, 'takes'],
  ])('rejects a thinking override the model catalog does not allow (%o)', (env, text) => {
    expect(() => loadModeConfigs(env)).toThrow(AgentConfigError);
    expect(() => loadModeConfigs(env)).toThrow(text);
  });

  it('accepts xhigh where the catalog offers it (Hydrogen)', () => {
    expect(getModeConfig('deep', { TABSMITH_DEEP_MODEL: 'gemini-4-hydrogen', TABSMITH_DEEP_THINKING: 'xhigh' }).thinking).toEqual({
      thinkingLevel: 'xhigh',
      includeThoughts: true,
    });
  });

  it.each([
    [{ TABSMITH_BALANCED_TEMPERATURE: 'hot' }, 'TABSMITH_BALANCED_TEMPERATURE'],
    [{ TABSMITH_BALANCED_TEMPERATURE: '3' }, 'TABSMITH_BALANCED_TEMPERATURE'],
    [{ TABSMITH_DEEP_STEPS: '0' }, 'TABSMITH_DEEP_STEPS'],
    [{ TABSMITH_DEEP_STEPS: '2.5' }, 'TABSMITH_DEEP_STEPS'],
    [{ TABSMITH_FAST_MODEL: 'gemini-2.5-flash-lite', TABSMITH_FAST_THINKING: 'high' }, 'takes a budget'],
    [{ TABSMITH_BALANCED_THINKING: '2048' }, 'takes a level'],
    [{ TABSMITH_FAST_MODEL: 'gemini 2.5 flash' }, 'TABSMITH_FAST_MODEL'],
  ])('rejects bad overrides with a message naming the variable (%o)', (env, text) => {
    expect(() => loadModeConfigs(env)).toThrow(AgentConfigError);
    expect(() => loadModeConfigs(env)).toThrow(text);
  });

  it('drops thinking for non-Gemini providers and uses their model', () => {
    const config = getModeConfig('deep', {}, { providerIsGemini: false, modelFallback: 'qwen2.5-coder' });
    expect(config).toMatchObject({ model: 'qwen2.5-coder', thinking: undefined });
  });

  it("describes each mode's model in one line for the start-up log, and refuses a bad override there", () => {
    const line = describeModelSetup({});
    expect(line).toContain('fast: gemini-3.5-flash-lite (default sampling, thinking minimal, 3 steps)');
    expect(line).toContain('balanced: gemini-3.8-flash');
    expect(line).toContain('deep: gemini-3.1-pro-preview');
    expect(line).toContain('computer use: gemini-3.8-flash');
    expect(describeModelSetup({ TABSMITH_MODEL_PROVIDER: 'replay' })).toContain('computer use: gemini-3.8-flash (replayed)');
    expect(() => describeModelSetup({ TABSMITH_COMPUTER_USE_MODEL: 'gemini-3.5-flash' })).toThrow('use gemini-3.8-flash instead');
    expect(() => describeModelSetup({ TABSMITH_DEEP_THINKING: 'minimal' })).toThrow('TABSMITH_DEEP_THINKING');
    expect(describeModelSetup({ GOOGLE_GENERATIVE_AI_API_KEY: 'AIzaSecret' })).not.toContain('AIzaSecret');
  });
});
