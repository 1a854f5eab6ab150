/**
 * One model per agent run. A run is everything from a user message up to the next one (the chat resubmits
 * once per model step); its mode, and so its model, is the one the user message was sent with, so switching
 * the selector mid-run applies from the next message instead of handing a half-done run to another model.
 *
 * A conversation may still change model from one run to the next. Gemini's thought signatures are only valid
 * for the model that produced them (replaying them to another model gives 400 "invalid thought signature"),
 * so the parts of assistant messages another model wrote lose their provider metadata (the signatures) and
 * their reasoning parts; @ai-sdk/google then sends those function calls with the documented
 * `skip_thought_signature_validator` sentinel for Gemini 3 models.
 */
import type { AgentMode, IdeUIMessage } from '../messages';

/** The mode of the run in progress: the latest user message's, else the one the request names. */
export function runModeOf(messages: readonly IdeUIMessage[], requested: AgentMode): AgentMode {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user') return message.metadata?.mode ?? requested;
  }
  return requested;
}

type Part = IdeUIMessage['parts'][number];

function withoutProviderMetadata(part: Part): Part {
  if (!('providerMetadata' in part) && !('callProviderMetadata' in part) && !('resultProviderMetadata' in part)) return part;
  const { providerMetadata: _p, callProviderMetadata: _c, resultProviderMetadata: _r, ...rest } = part as Part & Record<string, unknown>;
  return rest as Part;
}

/**
 * The messages as `model` may see them: assistant messages stamped with another model drop their reasoning
 * parts and every part's provider metadata. Messages without a stamp (saved before models were recorded) are
 * kept as they are. Returns new objects only where something changed.
 */
export function neutralizeForeignSignatures(messages: readonly IdeUIMessage[], model: string): IdeUIMessage[] {
  return messages.map((message) => {
    const author = message.metadata?.model;
    if (message.role !== 'assistant' || author === undefined || author === model) return message;
    return { ...message, parts: message.parts.filter((part) => part.type !== 'reasoning').map(withoutProviderMetadata) };
  });
}
