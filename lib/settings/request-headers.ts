/**
 * The headers that carry the user's model choice and own API key with a request to this app's model routes
 * (same origin only: the key goes nowhere else). Built from the settings snapshot when the request is sent.
 */
import type { AgentMode } from '@/lib/agent/messages';
import { API_KEY_HEADER, MODEL_HEADER, PROVIDER_HEADER, type ProviderKind } from '@/lib/agent/model-options';
import { getModelOptions } from './model-options-client';
import type { Settings } from './schema';
import { getSettings } from './settings-store';

/**
 * For a mode's request: its chosen model (if any) and the key for that model's provider (if the user has one).
 * Without a choice the mode runs the server's default provider (Gemini until the server's list has loaded).
 */
export function modeRequestHeaders(
  mode: AgentMode,
  settings: Settings = getSettings(),
  serverProvider: ProviderKind | undefined = getModelOptions()?.defaults[mode]?.provider,
): Record<string, string> {
  const choice = settings.models[mode];
  const provider = choice?.provider ?? serverProvider ?? 'gemini';
  return {
    ...(choice ? { [PROVIDER_HEADER]: choice.provider, [MODEL_HEADER]: choice.model } : {}),
    ...providerKeyHeaders(provider, settings),
  };
}

/** Only the key, for routes whose provider is fixed (computer use runs on Gemini). */
export function providerKeyHeaders(provider: ProviderKind, settings: Settings = getSettings()): Record<string, string> {
  const key = settings.apiKeys[provider];
  return key ? { [API_KEY_HEADER]: key } : {};
}
