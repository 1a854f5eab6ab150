/**
 * TABSMITH_WEBCONTAINER_API_KEY: the operator's WebContainer API key, handed to the IDE page at request time
 * (see lib/runtime/webcontainer/api-key.ts), and the start-up line saying whether one is set.
 */
import { webContainerApiKeySchema } from '../runtime/webcontainer/api-key';

type Env = Record<string, string | undefined>;

type WebContainerKeySetting = { state: 'unset' } | { state: 'set'; key: string } | { state: 'invalid'; reason: string };

function webContainerKeySetting(env: Env = process.env): WebContainerKeySetting {
  const raw = env.TABSMITH_WEBCONTAINER_API_KEY;
  if (raw === undefined || raw.trim() === '') return { state: 'unset' };
  const parsed = webContainerApiKeySchema.safeParse(raw);
  if (!parsed.success) return { state: 'invalid', reason: parsed.error.issues[0]?.message ?? 'not a key' };
  return { state: 'set', key: parsed.data };
}

/** The key for the IDE page's `<meta>`; null when unset or malformed. */
export function configuredWebContainerApiKey(env: Env = process.env): string | null {
  const setting = webContainerKeySetting(env);
  return setting.state === 'set' ? setting.key : null;
}

/** One line at start-up; it never prints the key itself. */
export function describeWebContainerKey(env: Env = process.env): string {
  const setting = webContainerKeySetting(env);
  if (setting.state === 'set') {
    return (
      '[tabsmith] WebContainer API key: set (TABSMITH_WEBCONTAINER_API_KEY); every browser that opens the IDE ' +
      'receives it, as StackBlitz intends for this key'
    );
  }
  if (setting.state === 'invalid') {
    return (
      `[tabsmith] WebContainer API key: TABSMITH_WEBCONTAINER_API_KEY is not a key (${setting.reason}), so none ` + 'is used; fix it and start the server again'
    );
  }
  return (
    '[tabsmith] WebContainer API key: not set; WebContainer runs without one. Commercial production use needs ' +
    "StackBlitz's licence: set TABSMITH_WEBCONTAINER_API_KEY to its key"
  );
}

export function reportWebContainerKey(env: Env = process.env): string {
  const line = describeWebContainerKey(env);
  if (webContainerKeySetting(env).state === 'invalid') console.error(line);
  else console.log(line);
  return line;
}
