/**
 * What the browser and the server agree on about model choice: the providers, the list of models the server
 * allows for each (GET /api/ai/settings answers with it), and the headers that carry a user's own choice and
 * API key with each agent request. Keys travel in a header, never in the body: bodies are echoed in errors and
 * recorded sessions, headers are not. No server-only imports: the settings page uses this module too.
 */
import { z } from 'zod';
import { agentModeSchema, keySourceSchema, type KeySource } from './messages';

export { keySourceSchema, type KeySource };

export const PROVIDER_KINDS = ['gemini', 'openai-compatible', 'replay'] as const;
export const providerKindSchema = z.enum(PROVIDER_KINDS);
export type ProviderKind = z.infer<typeof providerKindSchema>;

export const PROVIDER_LABELS: Record<ProviderKind, string> = {
  gemini: 'Google Gemini',
  'openai-compatible': 'OpenAI-compatible server',
  replay: 'Replay (recorded sessions)',
};

export const modelIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\w.:/-]+$/, 'letters, digits and . _ - : / only');

/** Printable ASCII without spaces: every provider's key format, and nothing that could split a header. */
export const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'an API key is at least 8 characters')
  .max(400)
  .regex(/^[\x21-\x7e]+$/, 'an API key has no spaces or special characters');

export const providerOptionSchema = z.object({
  id: providerKindSchema,
  label: z.string(),
  /** Models the server accepts for this provider, in the order the settings list them. */
  models: z.array(modelIdSchema),
  /** The server has its own key for this provider (a user's key, when sent, is used instead). */
  serverKey: z.boolean(),
  /** Requests fail without a key (a local OpenAI-compatible server may need none; replay never does). */
  keyRequired: z.boolean(),
});
export type ProviderOption = z.infer<typeof providerOptionSchema>;

export const modelChoiceSchema = z.object({ provider: providerKindSchema, model: modelIdSchema });
export type ModelChoice = z.infer<typeof modelChoiceSchema>;

/** What a user chose for a request: their model and their key, each falling back to the server's when absent. */
export interface UserChoice {
  /** Absent: the server's configuration for the mode. */
  model?: ModelChoice;
  /** Absent: the server's key, if it has one. */
  apiKey?: string;
}

export const modelOptionsSchema = z.object({
  providers: z.array(providerOptionSchema),
  /** What each mode runs when the user chose nothing: the server's configuration. */
  defaults: z.record(agentModeSchema, modelChoiceSchema),
});
export type ModelOptions = z.infer<typeof modelOptionsSchema>;

export const MODEL_OPTIONS_API = '/api/ai/settings';
export const CONNECTION_TEST_API = '/api/ai/test';

export const PROVIDER_HEADER = 'x-tabsmith-provider';
export const MODEL_HEADER = 'x-tabsmith-model';
export const API_KEY_HEADER = 'x-tabsmith-api-key';

/** How the UI names a key source ("… using your key", "gemini-3.8-flash · the server's key"). */
export const KEY_SOURCE_WORDS: Record<KeySource, string> = { user: 'your key', server: "the server's key", none: 'no key' };

export const connectionTestResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), provider: providerKindSchema, model: modelIdSchema, keySource: keySourceSchema, reply: z.string(), ms: z.number() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const connectionTestRequestSchema = z.object({ provider: providerKindSchema, model: modelIdSchema });
