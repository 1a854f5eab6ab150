/**
 * A WebSocket client over a connection of bytes (RFC 6455): the opening handshake as an HTTP/1.1 upgrade, then
 * frames. The runtime uses it to carry a preview page's WebSocket to a server in the tab, which sees exactly
 * what a browser would send it (Vite's HMR socket, a `ws` or socket.io server).
 */
import { concatBytes } from '@/lib/bytes';
import type { ByteTunnel } from '../node/ports';
import { closePayload, encodeClientFrame, FrameReader, OPCODE, readClosePayload } from './frames';

interface WebSocketRequest {
  port: number;
  /** Path and query, as the page asked for them ("/?token=…"). */
  path: string;
  protocols: readonly string[];
  origin: string;
}

interface WebSocketEvents {
  open(protocol: string): void;
  message(data: string | Uint8Array): void;
  /** `wasClean` is false when the connection failed or broke without a closing handshake. */
  close(code: number, reason: string, wasClean: boolean): void;
}

export interface WebSocketConnection {
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  /**
   * Ends the connection without a closing handshake, as a browser does with a page's sockets when the page goes
   * away: the server sees the connection end at once (1006) instead of one round trip later.
   */
  drop(): void;
}

const HEADER_END = '\r\n\r\n';

function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

function handshake(request: WebSocketRequest, key: string): string {
  const lines = [
    `GET ${request.path} HTTP/1.1`,
    `Host: localhost:${request.port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${key}`,
    'Sec-WebSocket-Version: 13',
    `Origin: ${request.origin}`,
  ];
  if (request.protocols.length > 0) lines.push(`Sec-WebSocket-Protocol: ${request.protocols.join(', ')}`);
  return `${lines.join('\r\n')}${HEADER_END}`;
}

/** The status and headers of the server's answer to the handshake. */
function parseAnswer(text: string): { status: number; headers: Map<string, string> } {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status, headers };
}

export function connectWebSocket(tunnel: ByteTunnel, request: WebSocketRequest, events: WebSocketEvents): WebSocketConnection {
  const key = btoa(String.fromCharCode(...randomBytes(16)));
  const reader = new FrameReader();
  let state: 'connecting' | 'open' | 'closing' | 'closed' = 'connecting';
  let answer = '';
  let fragments: { opcode: number; parts: Uint8Array[] } | null = null;

  const sendFrame = (opcode: number, payload: Uint8Array) => tunnel.write(encodeClientFrame(opcode, payload, randomBytes(4)));
  const finish = (code: number, reason: string, wasClean: boolean) => {
    if (state === 'closed') return;
    state = 'closed';
    tunnel.end();
    events.close(code, reason, wasClean);
  };

  const deliver = (opcode: number, payload: Uint8Array) => {
    if (opcode === OPCODE.text) events.message(new TextDecoder().decode(payload));
    else events.message(payload);
  };

  const onFrames = (bytes: Uint8Array) => {
    for (const frame of reader.push(bytes)) {
      if (state === 'closed') return;
      switch (frame.opcode) {
        case OPCODE.ping:
          sendFrame(OPCODE.pong, frame.payload);
          break;
        case OPCODE.pong:
          break;
        case OPCODE.close: {
          const { code, reason } = readClosePayload(frame.payload);
          // Answer a close the server began; one this side began is now complete.
          if (state === 'open') sendFrame(OPCODE.close, frame.payload);
          finish(code, reason, true);
          return;
        }
        case OPCODE.continuation:
          if (!fragments) return finish(1002, 'continuation frame without a first fragment', false);
          fragments.parts.push(frame.payload);
          if (frame.fin) {
            const { opcode, parts } = fragments;
            fragments = null;
            deliver(opcode, concatBytes(parts));
          }
          break;
        default:
          if (frame.fin) deliver(frame.opcode, frame.payload);
          else fragments = { opcode: frame.opcode, parts: [frame.payload] };
      }
    }
  };

  tunnel.onData((bytes) => {
    if (state !== 'connecting') return onFrames(bytes);
    answer += new TextDecoder('latin1').decode(bytes);
    const end = answer.indexOf(HEADER_END);
    if (end < 0) return;
    const { status, headers } = parseAnswer(answer.slice(0, end));
    if (status !== 101 || headers.get('upgrade')?.toLowerCase() !== 'websocket') return finish(1006, '', false);
    state = 'open';
    events.open(headers.get('sec-websocket-protocol') ?? '');
    const rest = bytes.subarray(bytes.length - (answer.length - end - HEADER_END.length));
    if (rest.length > 0) onFrames(rest);
  });
  tunnel.onEnd(() => finish(1006, '', false));
  tunnel.write(new TextEncoder().encode(handshake(request, key)));

  return {
    send: (data) => {
      if (state !== 'open') return;
      if (typeof data === 'string') sendFrame(OPCODE.text, new TextEncoder().encode(data));
      else sendFrame(OPCODE.binary, data);
    },
    close: (code, reason = '') => {
      if (state === 'connecting') return finish(1006, '', false);
      if (state !== 'open') return;
      state = 'closing';
      sendFrame(OPCODE.close, closePayload(code, reason));
    },
    drop: () => finish(1006, '', false),
  };
}
