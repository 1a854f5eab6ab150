/**
 * What a mode will run and with whose key, as the chat tells the user before their first message and the
 * settings show per mode: decided from the user's settings and the server's model list, before any request.
 */
import type { AgentMode } from '@/lib/agent/messages';
import { PROVIDER_LABELS, type KeySource, type ModelOptions, type ProviderKind } from '@/lib/agent/model-options';
import { MODE_LABELS } from '@/lib/chat/modes-ui';
import type { Settings } from '@/lib/settings/schema';

export interface ModeStatus {
  provider: ProviderKind;
  providerLabel: string;
  model: string;
  /** Whose key the requests will use; 'none' with `ready` false means they will fail. */
  keySource: KeySource;
  ready: boolean;
  /** One sentence for the user. */
  text: string;
}

export function modeStatus(mode: AgentMode, settings: Settings, options: ModelOptions): ModeStatus {
  const choice = settings.models[mode] ?? options.defaults[mode];
  const provider = options.providers.find((p) => p.id === choice.provider);
  const providerLabel = provider?.label ?? PROVIDER_LABELS[choice.provider];
  const base = { provider: choice.provider, providerLabel, model: choice.model };
  if (!provider)
    return { ...base, keySource: 'none', ready: false, text: `${providerLabel} is not offered by this server any more: choose another model in Settings.` };
  if (choice.provider === 'replay')
    return { ...base, keySource: 'none', ready: true, text: `${MODE_LABELS[mode]} mode plays recorded sessions (${choice.model}): no API key needed.` };
  if (settings.apiKeys[choice.provider])
    return {
      ...base,
      keySource: 'user',
      ready: true,
      text: `${MODE_LABELS[mode]} mode runs ${choice.model} with your ${providerLabel} key (kept in this browser).`,
    };
  if (provider.serverKey)
    return { ...base, keySource: 'server', ready: true, text: `${MODE_LABELS[mode]} mode runs ${choice.model} with the server's ${providerLabel} key.` };
  if (!provider.keyRequired)
    return { ...base, keySource: 'none', ready: true, text: `${MODE_LABELS[mode]} mode runs ${choice.model} on the server's ${providerLabel}, without a key.` };
  return {
    ...base,
    keySource: 'none',
    ready: false,
    text: `No ${providerLabel} API key: ${MODE_LABELS[mode]} mode cannot run until you add your key in Settings.`,
  };
}
