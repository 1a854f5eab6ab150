/** The runtime's table of ports: binding per address as Node does, and answers the preview can stream. */
import { describe, expect, it } from 'vitest';
import { PortTable, type Listener, type PortEntry } from '@/lib/runtime-frame/offline/node/ports';

const bytes = (text: string) => new TextEncoder().encode(text);

function table() {
  const open = new Map<number, PortEntry>();
  const ports = new PortTable({ open: (port, entry) => open.set(port, entry), close: (port) => open.delete(port) });
  return { ports, open };
}

const streaming: Listener = {
  serve(_exchange, sink) {
    sink.head({ statusCode: 200, statusMessage: 'OK', headers: { 'content-type': 'text/event-stream' } });
    sink.chunk(bytes('data: 1\n\n'));
    setTimeout(() => (sink.chunk(bytes('data: 2\n\n')), sink.end()), 20);
  },
  close: () => undefined,
};

describe('ports', () => {
  it('binds a port once per address, a wildcard for all of them, and opens it to the preview once', () => {
    const { ports, open } = table();
    ports.bind(3000, '127.0.0.1', streaming);
    ports.bind(3000, '::1', streaming);
    expect(() => ports.bind(3000, '::', streaming)).toThrow(expect.objectContaining({ code: 'EADDRINUSE' }));
    expect(open.size).toBe(1);
    ports.unbind(3000, streaming);
    expect(open.size).toBe(0);
  });

  it('streams an answer to the preview chunk by chunk, head first', async () => {
    const { ports, open } = table();
    ports.bind(3001, '::', streaming);
    const events: string[] = [];
    await open.get(3001)?.handleStreamingRequest(
      'POST',
      '/api/chat',
      {},
      undefined,
      (status, _message, headers) => events.push(`start ${status} ${headers['content-type']}`),
      (chunk) => events.push(new TextDecoder().decode(chunk).trim()),
      () => events.push('end'),
    );
    expect(events).toEqual(['start 200 text/event-stream', 'data: 1', 'data: 2', 'end']);
  });
});
