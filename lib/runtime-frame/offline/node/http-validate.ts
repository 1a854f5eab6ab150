/**
 * The checks Node's http applies to what a program puts on the wire, with Node's error codes and messages:
 * header names and values, status messages, request paths, Link values of early hints, strict
 * Content-Length, and the `_http_common` helpers (`_checkIsHttpToken`, `_checkInvalidHeaderChar`, the idle
 * parser pool's size that `http.setMaxIdleHTTPParsers` sets).
 */
import { nodeError } from './node-errors';
import { argTypeError, argValueError, validateInteger } from './validators';

const TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;
const LINK_VALUE = /^(?:<[^>]*>)(?:\s*;\s*[^;"\s]+(?:=(")?[^;"\s]*\1)?)*$/;

function checkIsHttpToken(value: unknown): boolean {
  return typeof value === 'string' && TOKEN.test(value);
}

function checkInvalidHeaderChar(value: unknown): boolean {
  return typeof value === 'string' && INVALID_HEADER_CHAR.test(value);
}

export function validateHeaderName(name: unknown, label = 'Header name'): void {
  if (!checkIsHttpToken(name)) throw nodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `${label} must be a valid HTTP token ["${String(name)}"]`);
}

export function validateHeaderValue(name: string, value: unknown): void {
  if (value === undefined) throw nodeError(TypeError, 'ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "undefined" for header "${name}"`);
  const values = Array.isArray(value) ? value : [value];
  if (values.some((one) => checkInvalidHeaderChar(String(one))))
    throw nodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`);
}

export function validateStatusMessage(message: unknown): void {
  if (checkInvalidHeaderChar(message)) throw nodeError(TypeError, 'ERR_INVALID_CHAR', 'Invalid character in statusMessage');
}

export function validateRequestPath(path: string): void {
  // Node refuses control characters and spaces in a request path (request smuggling).
  if ([...path].some((char) => char.charCodeAt(0) <= 0x20))
    throw nodeError(TypeError, 'ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
}

export function contentLengthMismatch(actual: number, expected: number): Error {
  return nodeError(
    Error,
    'ERR_HTTP_CONTENT_LENGTH_MISMATCH',
    `Response body's content-length of ${actual} byte(s) does not match the content-length of ${expected} specified by the user`,
  );
}

export function bodyNotAllowed(): Error {
  return nodeError(Error, 'ERR_HTTP_BODY_NOT_ALLOWED', 'Adding content for this request method or response status is not allowed.');
}

const LINK_FORMAT = 'must be an array or string of format "</styles.css>; rel=preload; as=style"';

/** The Link header value `writeEarlyHints` sends, or null when the hints carry none. */
export function earlyHintsLink(hints: unknown): string | null {
  if (hints === null || typeof hints !== 'object' || Array.isArray(hints)) throw argTypeError('hints', 'object', hints);
  const link = (hints as { link?: unknown }).link;
  if (link === undefined || link === null) return null;
  const check = (value: unknown) => {
    if (typeof value !== 'string' || !LINK_VALUE.test(value)) throw argValueError('hints', value, LINK_FORMAT);
  };
  if (typeof link === 'string') {
    check(link);
    return link;
  }
  if (Array.isArray(link)) {
    link.forEach(check);
    return link.join(', ');
  }
  throw argValueError('hints', link, LINK_FORMAT);
}

/** The idle parser pool: Node keeps up to `max` parsers for reuse; here only the figure is kept. */
const parsers = { name: 'parsers', max: 1000 };

export function setMaxIdleHTTPParsers(max: unknown): void {
  validateInteger(max, 'max', 1);
  parsers.max = max;
}

export const httpCommon = {
  _checkIsHttpToken: checkIsHttpToken,
  _checkInvalidHeaderChar: checkInvalidHeaderChar,
  parsers,
  methods: [] as string[],
  chunkExpression: /(?:^|\W)chunked(?:$|\W)/i,
  continueExpression: /(?:^|\W)100-continue(?:$|\W)/i,
  CRLF: '\r\n',
};
