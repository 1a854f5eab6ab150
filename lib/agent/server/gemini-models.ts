/**
 * The Gemini models this app knows, with their status as Google's changelog and deprecation pages gave it (read
 * 2026-11-25): what Settings offers, which ids the server refuses (a retired model answers 404, so a request
 * would only fail later), which models carry the computer-use tool and with which action set, and which take no
 * sampling parameters. Ids not listed are allowed where an operator names them (new models appear before this
 * table learns of them) and count as the newest generation.
 */

type GeminiModelStatus = 'ga' | 'preview' | 'alias' | 'retired';

interface GeminiModel {
  id: string;
  status: GeminiModelStatus;
  /** When Google retired it, in its own words, and the model to use instead. */
  retired?: { when: string; use: string };
  /** Offered in Settings for the agent's chat. */
  chat: boolean;
  /** The computer-use tool and its action set: the original 13 functions, or the newer `click`/`type`/`scroll`. */
  computerUse?: 'original' | 'new';
}

const GEMINI_MODELS: readonly GeminiModel[] = [
  { id: 'gemini-3.8-flash', status: 'ga', chat: true, computerUse: 'new' },
  { id: 'gemini-3.6-flash', status: 'ga', chat: true, computerUse: 'new' },
  { id: 'gemini-3.5-flash-lite', status: 'ga', chat: true },
  { id: 'gemini-3.1-flash-lite', status: 'ga', chat: true },
  { id: 'gemini-3.1-pro-preview', status: 'preview', chat: true, computerUse: 'original' },
  // Tuned for agents that mix bash with custom tools, as this one does.
  { id: 'gemini-3.1-pro-preview-customtools', status: 'preview', chat: true },
  { id: 'gemini-3-flash-preview', status: 'preview', chat: false, computerUse: 'original' },
  { id: 'gemini-2.5-computer-use-preview-10-2025', status: 'preview', chat: false, computerUse: 'original' },
  { id: 'gemini-flash-latest', status: 'alias', chat: false },
  { id: 'gemini-flash-lite-latest', status: 'alias', chat: false },
  { id: 'gemini-pro-latest', status: 'alias', chat: false },
  { id: 'gemini-3.7-flash', status: 'retired', retired: { when: 'on 2026-10-08', use: 'gemini-3.8-flash' }, chat: false },
  { id: 'gemini-3.5-flash', status: 'retired', retired: { when: 'on 2026-10-08', use: 'gemini-3.8-flash' }, chat: false },
  { id: 'gemini-3-pro-preview', status: 'retired', retired: { when: 'on 2026-03-09', use: 'gemini-3.1-pro-preview' }, chat: false },
  { id: 'gemini-2.5-pro', status: 'retired', retired: { when: 'in late 2026', use: 'gemini-3.1-pro-preview' }, chat: false },
  { id: 'gemini-2.5-flash', status: 'retired', retired: { when: 'in late 2026', use: 'gemini-3.8-flash' }, chat: false },
  { id: 'gemini-2.0-flash', status: 'retired', retired: { when: 'on 2026-06-01', use: 'gemini-3.8-flash' }, chat: false },
  { id: 'gemini-2.0-flash-lite', status: 'retired', retired: { when: 'on 2026-06-01', use: 'gemini-3.5-flash-lite' }, chat: false },
];

const byId = new Map(GEMINI_MODELS.map((model) => [model.id, model]));

function geminiModel(id: string): GeminiModel | undefined {
  return byId.get(id);
}

/** The chat models Settings offers: current ones only. */
export const OFFERED_GEMINI_CHAT_MODELS: readonly string[] = GEMINI_MODELS.filter((m) => m.chat && m.status !== 'retired').map((m) => m.id);

/** Models with the computer-use tool that still answer. */
export const GEMINI_COMPUTER_USE_MODELS: readonly string[] = GEMINI_MODELS.filter((m) => m.computerUse && m.status !== 'retired').map((m) => m.id);

/** "gemini-2.5-flash was retired by Google in late 2026; use gemini-3.8-flash instead", or undefined. */
export function retiredModelProblem(id: string): string | undefined {
  const retired = geminiModel(id)?.retired;
  return retired ? `${id} was retired by Google ${retired.when} (its requests fail); use ${retired.use} instead` : undefined;
}

/**
 * Whether the model takes no temperature (or other sampling parameter): Gemini 3 and later deprecate them and
 * are tuned for their defaults. Unknown gemini-* ids count as the newest generation; other providers' models
 * take them.
 */
export function deprecatesSampling(id: string): boolean {
  if (!id.startsWith('gemini-')) return false;
  const generation = /^gemini-(\d+)/.exec(id);
  return generation === null || Number(generation[1]) >= 3;
}
