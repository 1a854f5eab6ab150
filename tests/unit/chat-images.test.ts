import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { attachProblem, dataUrlBytes, imagePartsProblem, MAX_IMAGE_BYTES } from '@/lib/agent/attachments';
import { handleChat } from '@/lib/agent/server/chat';
import type { IdeUIMessage } from '@/lib/agent/messages';
import type { ModelFactory } from '@/lib/agent/server/providers';

// A 1×1 transparent PNG.
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const image = (base64 = PIXEL, mediaType = 'image/png') => ({
  type: 'file' as const,
  mediaType,
  filename: 'bug.png',
  url: `data:${mediaType};base64,${base64}`,
});
const withImage = (parts: unknown[]): IdeUIMessage => ({
  id: 'u1',
  role: 'user',
  parts: [{ type: 'text', text: 'what is wrong here?' }, ...parts] as IdeUIMessage['parts'],
});

function recordingModel() {
  const prompts: unknown[] = [];
  const createModel: ModelFactory = (config) =>
    new MockLanguageModelV4({
      modelId: config.model,
      doStream: async (options) => {
        prompts.push(options.prompt);
        return {
          stream: simulateReadableStream({
            chunks: [
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'I see it.' },
              { type: 'text-end', id: 't' },
              {
                type: 'finish',
                finishReason: { unified: 'stop', raw: undefined },
                usage: {
                  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
                  outputTokens: { total: 1, text: 1, reasoning: 0 },
                },
              },
            ],
          }),
        };
      },
    });
  return { prompts, createModel };
}

const post = (messages: IdeUIMessage[]) => new Request('http://t/api/ai', { method: 'POST', body: JSON.stringify({ messages }) });

describe('attached images', () => {
  it('reaches a Gemini model as an image file part of the user message', async () => {
    const { prompts, createModel } = recordingModel();
    const res = await handleChat(post([withImage([image()])]), { env: {}, createModel });
    expect(res.status).toBe(200);
    await res.text();
    const user = (prompts[0] as { role: string; content: { type: string; mediaType?: string }[] }[]).find((m) => m.role === 'user');
    expect(user?.content.map((p) => p.type)).toEqual(['text', 'file']);
    expect(user?.content[1]?.mediaType).toBe('image/png');
  });

  it('is refused with a sentence for an OpenAI-compatible model unless the operator says it takes images', async () => {
    const env = { TABSMITH_MODEL_PROVIDER: 'openai-compatible', TABSMITH_OPENAI_BASE_URL: 'http://localhost:11434/v1', TABSMITH_OPENAI_MODEL: 'qwen-coder' };
    const refused = await handleChat(post([withImage([image()])]), { env, createModel: recordingModel().createModel });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toMatch(/qwen-coder does not take images.*TABSMITH_OPENAI_IMAGES=1/);

    const allowed = await handleChat(post([withImage([image()])]), { env: { ...env, TABSMITH_OPENAI_IMAGES: '1' }, createModel: recordingModel().createModel });
    expect(allowed.status).toBe(200);
  });

  it('in older messages becomes a note for a model without image input, so the conversation goes on', async () => {
    const env = { TABSMITH_MODEL_PROVIDER: 'openai-compatible', TABSMITH_OPENAI_BASE_URL: 'http://localhost:11434/v1', TABSMITH_OPENAI_MODEL: 'qwen-coder' };
    const { prompts, createModel } = recordingModel();
    const history: IdeUIMessage[] = [
      withImage([image()]),
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'A red button.' }] },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'make it blue' }] },
    ];
    const res = await handleChat(post(history), { env, createModel });
    expect(res.status).toBe(200);
    await res.text();
    expect(JSON.stringify(prompts[0])).toContain('An image was attached here');
    expect(JSON.stringify(prompts[0])).not.toContain(PIXEL);
  });

  it('breaking the limits is a 400 naming the limit', async () => {
    const { createModel } = recordingModel();
    const big = 'A'.repeat(Math.ceil(((MAX_IMAGE_BYTES + 10) * 4) / 3 / 4) * 4);
    const tooBig = await handleChat(post([withImage([image(big)])]), { env: {}, createModel });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toMatch(/at most 1 MB/);
    const notImage = await handleChat(post([withImage([{ ...image(), mediaType: 'application/pdf', url: `data:application/pdf;base64,${PIXEL}` }])]), {
      env: {},
      createModel,
    });
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toMatch(/only images can be attached/);
    const five = await handleChat(post([withImage(Array.from({ length: 5 }, () => image()))]), { env: {}, createModel });
    expect(five.status).toBe(400);
    expect(await five.text()).toMatch(/at most 4 images/);
  });

  it('the composer refuses a file before reading it, with the reason', () => {
    expect(attachProblem({ name: 'notes.txt', type: 'text/plain', size: 10 }, [])).toMatch(/notes\.txt is not an image/);
    expect(attachProblem({ name: 'huge.png', type: 'image/png', size: 3 * 1024 * 1024 }, [])).toBe('huge.png is 3 MB; an image may be at most 1 MB.');
    expect(attachProblem({ name: 'c.png', type: 'image/png', size: 600_000 }, [{ bytes: 900_000 }, { bytes: 900_000 }])).toMatch(/limit is 2 MB/);
    expect(attachProblem({ name: 'ok.png', type: 'image/png', size: 1000 }, [])).toBeNull();
    expect(dataUrlBytes(image().url)).toBe(68);
    expect(imagePartsProblem([{ type: 'text', text: 'hi' }, image()])).toBeNull();
  });
});
