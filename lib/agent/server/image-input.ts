/**
 * Whether the run's model takes images, and what to do with the images of a conversation when it does not.
 * Gemini models take images; the replay model plays recordings and takes anything; an OpenAI-compatible
 * server's model is unknown, so it takes images only when the operator says so (TABSMITH_OPENAI_IMAGES=1).
 */
import type { IdeUIMessage } from '../messages';
import type { ProviderKind } from './providers';

const OPENAI_IMAGES_VARIABLE = 'TABSMITH_OPENAI_IMAGES';

function modelTakesImages(provider: ProviderKind, env: Record<string, string | undefined> = process.env): boolean {
  if (provider === 'openai-compatible') return env[OPENAI_IMAGES_VARIABLE]?.trim() === '1';
  return true;
}

const isFilePart = (part: IdeUIMessage['parts'][number]) => part.type === 'file';

/**
 * The messages to send, or the sentence that refuses the request: images in the newest user message are
 * refused for a model without image input (the user asked about them); older ones are replaced by a note,
 * so a conversation that once had images can go on with such a model.
 */
export function prepareImageInput(
  messages: IdeUIMessage[],
  provider: ProviderKind,
  model: string,
  env?: Record<string, string | undefined>,
): { ok: true; messages: IdeUIMessage[] } | { ok: false; error: string } {
  if (modelTakesImages(provider, env)) return { ok: true, messages };
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const latest = messages[lastUser];
  if (latest?.parts.some(isFilePart)) {
    return {
      ok: false,
      error: `The model ${model} does not take images, so the message with images did not reach it: send it again without the images, or use a Gemini model. If this OpenAI-compatible model does take images, set ${OPENAI_IMAGES_VARIABLE}=1 on the server.`,
    };
  }
  return {
    ok: true,
    messages: messages.map((message) => {
      if (!message.parts.some(isFilePart)) return message;
      const parts = message.parts.map((part) =>
        isFilePart(part) ? { type: 'text' as const, text: `[An image was attached here; the current model does not take images.]` } : part,
      );
      return { ...message, parts };
    }),
  };
}
