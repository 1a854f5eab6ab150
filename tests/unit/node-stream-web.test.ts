import { describe, expect, it } from 'vitest';
import { nodeStreamModule } from '@/lib/runtime-frame/offline/node/node-streams';

// The programs' `stream` module, whose classes cross over to web streams and back as Node's do.
const stream = nodeStreamModule({}) as unknown as typeof import('node:stream');

const webReadable = (...chunks: unknown[]) =>
  new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

async function collect(readable: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of readable) text += String(chunk);
  return text;
}

describe('stream: web streams in and out', () => {
  it('reads a web ReadableStream through Readable.fromWeb and Duplex.from', async () => {
    expect(await collect(stream.Readable.fromWeb(webReadable('foo', 'bar') as never))).toBe('foobar');
    const duplex = stream.Duplex.from(webReadable('foo'));
    expect(duplex.readable).toBe(true);
    expect(duplex.writable).toBe(false);
    expect(await collect(duplex)).toBe('foo');
  });

  it('writes into a web WritableStream through Writable.fromWeb and Duplex.from', async () => {
    let written = '';
    const sink = new WritableStream({ write: (chunk) => void (written += String(chunk)) });
    const duplex = stream.Duplex.from({ writable: sink });
    expect(duplex.readable).toBe(false);
    expect(duplex.writable).toBe(true);
    await new Promise<void>((resolve) => duplex.end('foo', () => resolve()));
    expect(written).toBe('foo');
  });

  it('turns Node streams into web streams with toWeb, ending and failing as they do', async () => {
    const web = stream.Readable.toWeb(stream.Readable.from(['a', 'b'])) as ReadableStream<unknown>;
    const parts: unknown[] = [];
    for await (const chunk of web as unknown as AsyncIterable<unknown>) parts.push(String(chunk));
    expect(parts).toEqual(['a', 'b']);
    const chunks: string[] = [];
    const writable = new stream.Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
    const writer = (stream.Writable.toWeb(writable) as WritableStream).getWriter();
    await writer.write('x');
    await writer.close();
    expect(chunks).toEqual(['x']);
  });

  it("refuses what is no web stream in Node's words", () => {
    expect(() => stream.Readable.fromWeb({} as never)).toThrow(
      expect.objectContaining({
        code: 'ERR_INVALID_ARG_TYPE',
        message: 'The "readableStream" argument must be an instance of ReadableStream. Received an instance of Object',
      }),
    );
  });
});
