/**
 * Node's `querystring`, with Node's exact rules (its parser's handling of multi-character separators,
 * `maxKeys`, '+' and which keys need decoding; its escaping of lone surrogates as ERR_INVALID_URI; its
 * byte-wise fallback `unescapeBuffer` for malformed escapes). The packages that carry this module's name
 * copy Node 0.x's, whose results differ on all of these. `unescape`/`escape` are looked up on the module at
 * each call, so a program that replaces them changes what parse and stringify use, as in Node.
 */
import { nodeError } from './node-errors';

interface BufferLike extends Uint8Array {
  toString(encoding?: string): string;
  subarray(start?: number, end?: number): BufferLike;
}
type BufferClass = { allocUnsafe(size: number): BufferLike };
type Decode = (text: string) => string;
type Encode = (text: string) => string;

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
const hexValue = (code: number) => (code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 70 ? code - 55 : code >= 97 && code <= 102 ? code - 87 : -1);
// What encodeURIComponent leaves as it is: letters, digits and - . _ ~ ! ' ( ) *
const UNRESERVED = /[A-Za-z0-9\-._~!'()*]/;
const noEscape = Array.from({ length: 128 }, (_, code) => UNRESERVED.test(String.fromCharCode(code)));

/** UTF-8 percent-encoding of everything but the unreserved characters; a lone surrogate is a URIError. */
function encodeStr(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      out += noEscape[code] ? text[i] : hex(code);
    } else if (code < 0x800) {
      out += hex(0xc0 | (code >> 6)) + hex(0x80 | (code & 0x3f));
    } else if (code < 0xd800 || code >= 0xe000) {
      out += hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f));
    } else {
      // A surrogate pair; Node takes the next unit's low ten bits whatever it is.
      if (++i >= text.length) throw nodeError(URIError, 'ERR_INVALID_URI', 'URI malformed');
      code = 0x10000 + (((code & 0x3ff) << 10) | (text.charCodeAt(i) & 0x3ff));
      out += hex(0xf0 | (code >> 18)) + hex(0x80 | ((code >> 12) & 0x3f)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f));
    }
  }
  return out;
}

const primitive = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return `${value}`;
  if (typeof value === 'bigint') return `${value}`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
};

const codesOf = (text: string) => Array.from(text, (_, i) => text.charCodeAt(i)).slice(0, text.length);

export function querystringModule(Buffer: BufferClass) {
  function unescapeBuffer(text: string, decodeSpaces?: boolean): BufferLike {
    const out = Buffer.allocUnsafe(text.length);
    let at = 0;
    let index = 0;
    let hasHex = false;
    while (index < text.length) {
      let code = text.charCodeAt(index);
      if (code === 43 /* + */ && decodeSpaces) {
        out[at++] = 32;
        index++;
        continue;
      }
      if (code === 37 /* % */ && index < text.length - 2) {
        const high = hexValue(text.charCodeAt(index + 1));
        const low = high >= 0 ? hexValue(text.charCodeAt(index + 2)) : -1;
        if (low >= 0) {
          hasHex = true;
          code = high * 16 + low;
          index += 2;
        }
      }
      out[at++] = code;
      index++;
    }
    return hasHex ? out.subarray(0, at) : out;
  }

  function unescape(text: string, decodeSpaces?: boolean): string {
    try {
      return decodeURIComponent(text);
    } catch {
      return module.unescapeBuffer(text, decodeSpaces).toString();
    }
  }

  function escape(value: unknown): string {
    let text = value;
    if (typeof text !== 'string') text = typeof text === 'object' ? String(text) : `${text as string}`;
    return encodeStr(text as string);
  }

  function stringify(object: unknown, sep?: string | null, eq?: string | null, options?: { encodeURIComponent?: Encode }): string {
    const separator = sep || '&';
    const equals = eq || '=';
    const encode = typeof options?.encodeURIComponent === 'function' ? options.encodeURIComponent : module.escape;
    // Node's own escape skips numbers below 1e21 (nothing in them to escape); another encoder gets every value.
    const convert = (value: unknown): string => {
      const text = primitive(value);
      if (encode !== escape) return encode(text);
      // Node's own escape skips what cannot hold anything to escape: numbers below 1e21, bigints, booleans.
      const plain = typeof value === 'bigint' || typeof value === 'boolean' || (typeof value === 'number' && Math.abs(value) < 1e21);
      return plain || text === '' ? text : encode(text);
    };
    if (object === null || typeof object !== 'object') return '';
    let fields = '';
    for (const key of Object.keys(object)) {
      const value = (object as Record<string, unknown>)[key];
      const prefix = convert(key) + equals;
      if (Array.isArray(value)) {
        if (value.length === 0) continue;
        if (fields) fields += separator;
        fields += value.map((item) => prefix + convert(item)).join(separator);
      } else {
        if (fields) fields += separator;
        fields += prefix + convert(value);
      }
    }
    return fields;
  }

  function parse(query: unknown, sep?: unknown, eq?: unknown, options?: { maxKeys?: unknown; decodeURIComponent?: Decode }): Record<string, string | string[]> {
    const result: Record<string, string | string[]> = Object.create(null);
    if (typeof query !== 'string' || query.length === 0) return result;
    const sepCodes = sep ? codesOf(String(sep)) : [38];
    const eqCodes = eq ? codesOf(String(eq)) : [61];
    // A non-positive (or NaN) maxKeys means no limit; one that is not a number means the default.
    let pairs = typeof options?.maxKeys === 'number' ? (options.maxKeys > 0 ? options.maxKeys : -1) : 1000;
    const decode = typeof options?.decodeURIComponent === 'function' ? options.decodeURIComponent : module.unescape;
    const customDecode = decode !== unescape;
    const plus = customDecode ? '%20' : ' ';
    const add = (key: string, value: string, keyEncoded: boolean, valueEncoded: boolean) => {
      const decoded = (text: string) => {
        try {
          return decode(text);
        } catch {
          return module.unescape(text, true);
        }
      };
      if (key.length > 0 && keyEncoded) key = decoded(key);
      if (value.length > 0 && valueEncoded) value = decoded(value);
      const current = result[key];
      if (current === undefined) result[key] = value;
      else if (Array.isArray(current)) current.push(value);
      else result[key] = [current, value];
    };

    let lastPos = 0;
    let sepIdx = 0;
    let eqIdx = 0;
    let key = '';
    let value = '';
    let keyEncoded = customDecode;
    let valueEncoded = customDecode;
    // Decoding is needed only once a valid %XX is seen: 1 after a '%', 2 after one hex digit.
    let encodeCheck = 0;
    for (let i = 0; i < query.length; i++) {
      const code = query.charCodeAt(i);
      if (code === sepCodes[sepIdx]) {
        if (++sepIdx !== sepCodes.length) continue;
        const end = i - sepIdx + 1;
        if (eqIdx < eqCodes.length) {
          // No (whole) '=' in this pair: all of it is the key.
          if (lastPos < end) key += query.slice(lastPos, end);
          else if (key.length === 0) {
            // An empty pair between two separators counts against maxKeys and adds nothing.
            if (--pairs === 0) return result;
            lastPos = i + 1;
            sepIdx = eqIdx = 0;
            continue;
          }
        } else if (lastPos < end) {
          value += query.slice(lastPos, end);
        }
        add(key, value, keyEncoded, valueEncoded);
        if (--pairs === 0) return result;
        keyEncoded = valueEncoded = customDecode;
        key = value = '';
        encodeCheck = 0;
        lastPos = i + 1;
        sepIdx = eqIdx = 0;
        continue;
      }
      sepIdx = 0;
      if (eqIdx < eqCodes.length) {
        if (code === eqCodes[eqIdx]) {
          if (++eqIdx === eqCodes.length) {
            const end = i - eqIdx + 1;
            if (lastPos < end) key += query.slice(lastPos, end);
            encodeCheck = 0;
            lastPos = i + 1;
          }
          continue;
        }
        eqIdx = 0;
        if (!keyEncoded) {
          if (code === 37) {
            encodeCheck = 1;
            continue;
          }
          if (encodeCheck > 0) {
            if (hexValue(code) >= 0) {
              if (++encodeCheck === 3) keyEncoded = true;
              continue;
            }
            encodeCheck = 0;
          }
        }
        if (code === 43) {
          if (lastPos < i) key += query.slice(lastPos, i);
          key += plus;
          lastPos = i + 1;
          continue;
        }
      }
      if (code === 43) {
        if (lastPos < i) value += query.slice(lastPos, i);
        value += plus;
        lastPos = i + 1;
      } else if (!valueEncoded) {
        if (code === 37) encodeCheck = 1;
        else if (encodeCheck > 0) {
          if (hexValue(code) >= 0) {
            if (++encodeCheck === 3) valueEncoded = true;
          } else encodeCheck = 0;
        }
      }
    }
    // What is left after the last separator.
    if (lastPos < query.length) {
      if (eqIdx < eqCodes.length) key += query.slice(lastPos);
      else if (sepIdx < sepCodes.length) value += query.slice(lastPos);
    } else if (eqIdx === 0 && key.length === 0) {
      return result;
    }
    add(key, value, keyEncoded, valueEncoded);
    return result;
  }

  const module = { unescapeBuffer, unescape, escape, stringify, encode: stringify, parse, decode: parse };
  return module;
}
