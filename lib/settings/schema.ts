/**
 * The user's settings, one schema: what the settings dialog edits, what IndexedDB keeps, and what the chat's
 * requests read their model choice and key from. (The runtime choice is the one setting kept elsewhere: see
 * lib/runtime/choice.ts.) Every field has a default and falls back to it on its own, so
 * a stored record that is old, partial or hand-edited keeps whatever is still valid in it.
 */
import { z } from 'zod';
import { agentModeSchema } from '@/lib/agent/messages';
import { apiKeySchema, modelChoiceSchema, providerKindSchema } from '@/lib/agent/model-options';
import { THEMES } from '@/lib/ui/color-scheme';
import { gitCredentialSchema, gitHostSchema } from '@/lib/git/credentials';

export const themeSchema = z.enum(THEMES);

export const FONT_SIZES = { min: 10, max: 24, default: 13 } as const;
export const TAB_WIDTHS = [2, 4, 8] as const;

export const settingsSchema = z.object({
  theme: themeSchema.catch('system'),
  editorFontSize: z.number().int().min(FONT_SIZES.min).max(FONT_SIZES.max).catch(FONT_SIZES.default),
  tabWidth: z.literal(TAB_WIDTHS).catch(2),
  /** Per mode: a model the server offers; a missing mode runs the server's default. */
  models: z.partialRecord(agentModeSchema, modelChoiceSchema).catch({}),
  /** Per provider: the user's own key, kept in this browser only. */
  apiKeys: z.partialRecord(providerKindSchema, apiKeySchema).catch({}),
  /** Per git host: the user's token for private repositories and pushes, kept in this browser only. */
  gitTokens: z.record(gitHostSchema, gitCredentialSchema).catch({}),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Reads any stored value as settings, keeping the valid fields (a record with a bad key drops only its keys). */
export function parseSettings(stored: unknown): Settings {
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const settings = settingsSchema.parse(record);
  // A single invalid entry should not cost the others: check the records entry by entry.
  const models = record.models && typeof record.models === 'object' ? record.models : {};
  const keys = record.apiKeys && typeof record.apiKeys === 'object' ? record.apiKeys : {};
  const tokens = record.gitTokens && typeof record.gitTokens === 'object' ? record.gitTokens : {};
  return {
    ...settings,
    models: Object.fromEntries(
      Object.entries(models).flatMap(([mode, choice]) =>
        agentModeSchema.safeParse(mode).success && modelChoiceSchema.safeParse(choice).success ? [[mode, choice]] : [],
      ),
    ),
    apiKeys: Object.fromEntries(
      Object.entries(keys).flatMap(([provider, key]) =>
        providerKindSchema.safeParse(provider).success && apiKeySchema.safeParse(key).success ? [[provider, (key as string).trim()]] : [],
      ),
    ),
    gitTokens: Object.fromEntries(
      Object.entries(tokens).flatMap(([host, credential]) => {
        const parsedHost = gitHostSchema.safeParse(host);
        const parsed = gitCredentialSchema.safeParse(credential);
        return parsedHost.success && parsed.success ? [[parsedHost.data, parsed.data]] : [];
      }),
    ),
  };
}
