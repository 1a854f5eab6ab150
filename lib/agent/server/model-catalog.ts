/**
 * The models this server lets a user pick, per provider, and the check that a user's choice is one of them.
 * Server-only (it reads the environment). Gemini offers a short list of current chat models plus whatever the
 * operator configured (per-mode overrides, TABSMITH_ALLOWED_MODELS); an OpenAI-compatible server offers only
 * the models the operator named, at the operator's base URL (a user can never point the server at another
 * host); replay is offered only where the server itself runs on replay (tests, demos).
 */
import { AGENT_MODES, getModeConfig } from './modes';
import { PROVIDER_LABELS, modelIdSchema, type ModelChoice, type ModelOptions, type ProviderKind, type ProviderOption } from '../model-options';
import { GEMINI_KEY_VARIABLE, readProviderKind, type Env } from './providers';
import type { AgentMode } from '../agent-mode';
import { OFFERED_GEMINI_CHAT_MODELS, retiredModelProblem } from './gemini-models';

/** Current Gemini chat models that follow tool schemas (gemini-models.ts); the per-mode defaults are added to these. */
export const GEMINI_CHAT_MODELS = OFFERED_GEMINI_CHAT_MODELS;

const unique = (ids: readonly (string | undefined)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/** TABSMITH_ALLOWED_MODELS="a,b": extra Gemini ids the operator allows; invalid and retired entries are left out. */
function extraModels(env: Env): string[] {
  return (env.TABSMITH_ALLOWED_MODELS ?? '')
    .split(',')
    .map((id) => modelIdSchema.safeParse(id.trim()))
    .flatMap((parsed) => (parsed.success && !retiredModelProblem(parsed.data) ? [parsed.data] : []));
}

function configuredModels(env: Env, provider: ProviderKind): string[] {
  const fallback = env.TABSMITH_OPENAI_MODEL?.trim() || provider;
  return AGENT_MODES.map((mode) => getModeConfig(mode, env, { providerIsGemini: provider === 'gemini', modelFallback: fallback }).model);
}

export function listModelOptions(env: Env = process.env): ModelOptions {
  const serverProvider = readProviderKind(env);
  const providers: ProviderOption[] = [
    {
      id: 'gemini',
      label: PROVIDER_LABELS.gemini,
      models: unique([...(serverProvider === 'gemini' ? configuredModels(env, 'gemini') : []), ...GEMINI_CHAT_MODELS, ...extraModels(env)]),
      serverKey: Boolean(env[GEMINI_KEY_VARIABLE]?.trim()),
      keyRequired: true,
    },
  ];
  if (env.TABSMITH_OPENAI_BASE_URL?.trim() && env.TABSMITH_OPENAI_MODEL?.trim()) {
    providers.push({
      id: 'openai-compatible',
      label: PROVIDER_LABELS['openai-compatible'],
      models: unique([env.TABSMITH_OPENAI_MODEL.trim(), ...(serverProvider === 'openai-compatible' ? configuredModels(env, 'openai-compatible') : [])]),
      serverKey: Boolean(env.TABSMITH_OPENAI_API_KEY?.trim()),
      keyRequired: false,
    });
  }
  if (serverProvider === 'replay') {
    providers.push({ id: 'replay', label: PROVIDER_LABELS.replay, models: unique(configuredModels(env, 'replay')), serverKey: false, keyRequired: false });
  }
  const serverModels = configuredModels(env, serverProvider);
  const defaults = Object.fromEntries(AGENT_MODES.map((mode, i) => [mode, { provider: serverProvider, model: serverModels[i] ?? serverProvider }])) as Record<
    AgentMode,
    ModelChoice
  >;
  return { providers, defaults };
}

/** Why the server will not run `choice`, or undefined when it will. */
export function choiceProblem(choice: ModelChoice, options: ModelOptions): string | undefined {
  const provider = options.providers.find((p) => p.id === choice.provider);
  if (!provider) return `This server does not offer the provider "${choice.provider}"; it offers ${options.providers.map((p) => p.id).join(', ')}.`;
  const retired = choice.provider === 'gemini' ? retiredModelProblem(choice.model) : undefined;
  if (retired) return `The model chosen in Settings cannot answer: ${retired}. Pick another in Settings.`;
  if (!provider.models.includes(choice.model))
    return `This server does not offer the model "${choice.model}" for ${provider.label}; pick one of ${provider.models.join(', ')} in Settings.`;
  return undefined;
}
