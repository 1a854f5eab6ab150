/**
 * How an answer to a synchronous call crosses the shared buffer: a length-prefixed JSON head, then raw bytes
 * when the value is binary (file contents are never turned into text on the way). File stats and thrown file
 * system errors keep their shape: stats get their is…() methods back, errors their code, errno, syscall, path.
 */

type Head =
  | { ok: true; kind: 'bytes' }
  | { ok: true; kind: 'json'; value: unknown }
  | { ok: true; kind: 'undefined' }
  | { ok: true; kind: 'stats'; value: Record<string, number>; type: StatType }
  | { ok: false; error: { name: string; message: string; code?: unknown; errno?: unknown; syscall?: unknown; path?: unknown } };

type StatType = 'file' | 'directory' | 'symlink';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface StatsLike {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink?(): boolean;
}

function isStats(value: unknown): value is StatsLike & Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as StatsLike).isDirectory === 'function' && typeof (value as StatsLike).isFile === 'function'
  );
}

function statsHead(stats: StatsLike & Record<string, unknown>): Head {
  const value: Record<string, number> = {};
  for (const [key, field] of Object.entries(stats)) {
    if (typeof field === 'number') value[key] = field;
    else if (field instanceof Date) value[key] = field.getTime();
  }
  const type: StatType = stats.isSymbolicLink?.() ? 'symlink' : stats.isDirectory() ? 'directory' : 'file';
  return { ok: true, kind: 'stats', value, type };
}

/**
 * An encoded answer: one array, or its head and the bytes it carries as they are. A file's bytes then reach the
 * channel's shared buffer in one copy, where joining them to the head first made a second (Rolldown's 12 MB
 * WebAssembly file, read by every thread of every build).
 */
export type WireAnswer = Uint8Array | readonly [Uint8Array, Uint8Array];

/** The head's length and JSON: by itself, a whole answer (a value, a stat, an error); a file's bytes follow it. */
function headBytes(head: Head): Uint8Array {
  const json = encoder.encode(JSON.stringify(head));
  const out = new Uint8Array(4 + json.length);
  new DataView(out.buffer).setUint32(0, json.length);
  out.set(json, 4);
  return out;
}

/** The answer as one array. */
export function joinAnswer(answer: WireAnswer): Uint8Array {
  if (answer instanceof Uint8Array) return answer;
  const [head, bytes] = answer;
  const out = new Uint8Array(head.length + bytes.length);
  out.set(head);
  out.set(bytes, head.length);
  return out;
}

export function encodeValue(value: unknown): Uint8Array {
  return joinAnswer(encodeValueParts(value));
}

/** As encodeValue, with binary contents left where they are (see WireAnswer). */
export function encodeValueParts(value: unknown): WireAnswer {
  if (value instanceof Uint8Array) return [headBytes({ ok: true, kind: 'bytes' }), value];
  if (value === undefined) return headBytes({ ok: true, kind: 'undefined' });
  if (isStats(value)) return headBytes(statsHead(value));
  return headBytes({ ok: true, kind: 'json', value });
}

export function encodeError(error: unknown): Uint8Array {
  const source = (error instanceof Error ? error : new Error(String(error))) as Error & Record<string, unknown>;
  const { code, errno, syscall, path } = source;
  return headBytes({ ok: false, error: { name: source.name, message: source.message, code, errno, syscall, path } });
}

const DATE_FIELDS = ['atime', 'mtime', 'ctime', 'birthtime'];

function rebuildStats(value: Record<string, number>, type: StatType): Record<string, unknown> {
  const stats: Record<string, unknown> = { ...value };
  for (const field of DATE_FIELDS) {
    const ms = value[field] ?? value[`${field}Ms`];
    if (ms !== undefined) stats[field] = new Date(ms);
  }
  const no = () => false;
  Object.assign(stats, {
    isFile: () => type === 'file',
    isDirectory: () => type === 'directory',
    isSymbolicLink: () => type === 'symlink',
    isBlockDevice: no,
    isCharacterDevice: no,
    isFIFO: no,
    isSocket: no,
  });
  return stats;
}

/** The value the page returned, or its error thrown here. */
export function decodeAnswer(answer: WireAnswer): unknown {
  const bytes = joinAnswer(answer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(0);
  const head = JSON.parse(decoder.decode(bytes.subarray(4, 4 + length))) as Head;
  if (!head.ok) {
    const error = new Error(head.error.message) as Error & Record<string, unknown>;
    error.name = head.error.name;
    for (const key of ['code', 'errno', 'syscall', 'path'] as const) if (head.error[key] !== undefined) error[key] = head.error[key];
    throw error;
  }
  if (head.kind === 'bytes') return bytes.slice(4 + length);
  if (head.kind === 'undefined') return undefined;
  if (head.kind === 'stats') return rebuildStats(head.value, head.type);
  return head.value;
}
