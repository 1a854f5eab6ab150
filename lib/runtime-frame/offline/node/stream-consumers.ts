/**
 * `stream/consumers`: reads a whole Node stream, web ReadableStream or async iterable into text, JSON, a
 * Buffer, an ArrayBuffer or a Blob, as Node's module does.
 */
interface BufferClass {
  from(data: ArrayBufferLike | string | Uint8Array, encoding?: string): Uint8Array;
  concat(list: Uint8Array[]): Uint8Array;
}

interface Emitter {
  on(event: string, listener: (value?: unknown) => void): unknown;
  resume?(): unknown;
}

/** A Node stream read through its 'data', 'end' and 'error' events (the shim's streams are not all async iterable). */
async function* eventChunks(stream: Emitter): AsyncGenerator<unknown> {
  const queue: unknown[] = [];
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => wake?.();
  stream.on('data', (chunk) => (queue.push(chunk), notify()));
  stream.on('end', () => ((ended = true), notify()));
  stream.on('error', (error) => ((failure = error ?? new Error('stream error')), notify()));
  stream.resume?.();
  for (;;) {
    if (queue.length) {
      yield queue.shift();
      continue;
    }
    if (failure) throw failure;
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

async function* chunksOf(stream: unknown): AsyncGenerator<unknown> {
  const source = stream as { getReader?: () => ReadableStreamDefaultReader<unknown> } & AsyncIterable<unknown>;
  if (typeof source?.getReader !== 'function' && typeof (source as { on?: unknown })?.on === 'function') {
    yield* eventChunks(source as unknown as Emitter);
    return;
  }
  if (typeof source?.[Symbol.asyncIterator] === 'function') {
    yield* source;
    return;
  }
  if (typeof source?.getReader === 'function') {
    const reader = source.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  throw Object.assign(new TypeError('The "stream" argument must be an instance of ReadableStream, Readable, or an async iterable.'), {
    code: 'ERR_INVALID_ARG_TYPE',
  });
}

export function streamConsumersModule(Buffer: BufferClass) {
  const bytes = (chunk: unknown): Uint8Array => {
    if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
    if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
    if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    throw Object.assign(new TypeError('The "chunk" argument must be of type string or an instance of Buffer, TypedArray, or DataView.'), {
      code: 'ERR_INVALID_ARG_TYPE',
    });
  };
  const buffer = async (stream: unknown) => {
    const parts: Uint8Array[] = [];
    for await (const chunk of chunksOf(stream)) parts.push(bytes(chunk));
    return Buffer.concat(parts);
  };
  const text = async (stream: unknown) => {
    const decoder = new TextDecoder();
    let out = '';
    for await (const chunk of chunksOf(stream)) out += typeof chunk === 'string' ? chunk : decoder.decode(bytes(chunk), { stream: true });
    return out + decoder.decode();
  };
  const arrayBuffer = async (stream: unknown) => {
    const whole = await buffer(stream);
    return whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength);
  };
  return {
    text,
    json: async (stream: unknown) => JSON.parse(await text(stream)),
    buffer,
    arrayBuffer,
    blob: async (stream: unknown) => new Blob([(await buffer(stream)) as Uint8Array<ArrayBuffer>]),
  };
}
