/**
 * Which model each mode (and computer use) runs, as the server resolves it from its environment: checked once
 * when the server starts (instrumentation.ts), so an override the model catalog rejects stops the start with a
 * message naming the variable, and logged as one line so an operator can see the models in use.
 */
import { readComputerUseConfig } from '@/lib/computer-use/server/config';
import { AgentConfigError, AGENT_MODES, getModeConfig, type ModeConfig } from './modes';
import { readProviderKind, type Env } from './providers';

function thinkingText(config: ModeConfig): string {
  const thinking = config.thinking;
  if (!thinking) return '';
  return 'thinkingLevel' in thinking ? `, thinking ${thinking.thinkingLevel}` : `, thinking budget ${thinking.thinkingBudget}`;
}

/**
 * "provider gemini · fast: gemini-3.5-flash-lite (default sampling, thinking minimal) · … · computer use: gemini-3.8-flash".
 * Throws AgentConfigError for an invalid override. API keys are neither needed nor read here.
 */
export function describeModelSetup(env: Env = process.env): string {
  const provider = readProviderKind(env);
  const fallback = provider === 'gemini' ? undefined : env.TABSMITH_OPENAI_MODEL?.trim() || provider;
  const modes = AGENT_MODES.map((mode) => {
    const config = getModeConfig(mode, env, { providerIsGemini: provider === 'gemini', ...(fallback ? { modelFallback: fallback } : {}) });
    const sampling = config.temperature === undefined ? 'default sampling' : `temperature ${config.temperature}`;
    return `${mode}: ${config.model} (${sampling}${thinkingText(config)}, ${config.maxSteps} steps)`;
  });
  const computerUse = readComputerUseConfig(env);
  const cu = `computer use: ${computerUse.defaultModel}${computerUse.provider === 'replay' ? ' (replayed)' : ''}`;
  return [`provider ${provider}`, ...modes, cu].join(' · ');
}

/**
 * At server start: logs the models, or says which variable is wrong and ends the process (a server that
 * started anyway would fail every agent request with the same error).
 */
export function reportModelSetup(env: Env = process.env): void {
  try {
    console.log(`[tabsmith] models: ${describeModelSetup(env)}`);
  } catch (error) {
    if (!(error instanceof AgentConfigError)) throw error;
    console.error(`[tabsmith] invalid model configuration: ${error.message} Fix it and start the server again.`);
    process.exit(1);
  }
}
