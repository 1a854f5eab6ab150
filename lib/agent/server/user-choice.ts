/**
 * A user's own model choice and API key, read from an agent request's headers and checked against what the
 * server allows. The key is only ever held in memory for the request: nothing here logs or stores it.
 */
import { jsonError } from '../http';
import { choiceProblem, listModelOptions } from './model-catalog';
import { API_KEY_HEADER, apiKeySchema, MODEL_HEADER, modelChoiceSchema, PROVIDER_HEADER, type UserChoice } from '../model-options';
import type { Env } from './server-env';

export type UserChoiceResult = { ok: true; choice: UserChoice } | { ok: false; response: Response };

export function readUserChoice(headers: Headers, env: Env = process.env): UserChoiceResult {
  const choice: UserChoice = {};
  const provider = headers.get(PROVIDER_HEADER);
  const model = headers.get(MODEL_HEADER);
  if (provider !== null || model !== null) {
    const parsed = modelChoiceSchema.safeParse({ provider, model });
    if (!parsed.success)
      return {
        ok: false,
        response: jsonError(400, `The model chosen in Settings is not valid (${parsed.error.issues[0]?.message ?? 'invalid'}); choose it again.`),
      };
    const problem = choiceProblem(parsed.data, listModelOptions(env));
    if (problem) return { ok: false, response: jsonError(400, problem) };
    choice.model = parsed.data;
  }
  const key = readUserKey(headers);
  if (!key.ok) return key;
  if (key.key) choice.apiKey = key.key;
  return { ok: true, choice };
}

/** The user's own API key from the request, if they sent one. */
export function readUserKey(headers: Headers): { ok: true; key: string | undefined } | { ok: false; response: Response } {
  const key = headers.get(API_KEY_HEADER);
  if (key === null) return { ok: true, key: undefined };
  const parsed = apiKeySchema.safeParse(key);
  // The message never repeats the key: error texts reach logs and screenshots.
  if (!parsed.success) return { ok: false, response: jsonError(400, `The API key in Settings is not valid: ${parsed.error.issues[0]?.message ?? 'invalid'}.`) };
  return { ok: true, key: parsed.data };
}

/** Replaces every occurrence of the secrets in a text meant for a log line or an error shown elsewhere. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  return secrets.reduce<string>((out, secret) => (secret && secret.length >= 8 ? out.split(secret).join('[redacted key]') : out), text);
}
