/** `util.MIMEType` and `util.MIMEParams`, following the WHATWG MIME Sniffing parser that Node implements. */
import { nodeError } from './node-errors';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const QUOTED_VALUE = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;

function quote(value: string): string {
  return value.length && TOKEN.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

export class MIMEParams {
  #entries = new Map<string, string>();
  get size(): number {
    return this.#entries.size;
  }
  get(name: string): string | null {
    return this.#entries.get(String(name)) ?? null;
  }
  has(name: string): boolean {
    return this.#entries.has(String(name));
  }
  set(name: string, value: string): void {
    name = String(name);
    value = String(value);
    if (!TOKEN.test(name)) throw nodeError(TypeError, 'ERR_INVALID_MIME_SYNTAX', `The MIME syntax for a parameter name in "${name}" is invalid at 0`);
    if (!QUOTED_VALUE.test(value)) throw nodeError(TypeError, 'ERR_INVALID_MIME_SYNTAX', `The MIME syntax for a parameter value in "${value}" is invalid at 0`);
    this.#entries.set(name, value);
  }
  delete(name: string): void {
    this.#entries.delete(String(name));
  }
  keys() {
    return this.#entries.keys();
  }
  values() {
    return this.#entries.values();
  }
  entries() {
    return this.#entries.entries();
  }
  [Symbol.iterator]() {
    return this.#entries.entries();
  }
  toString(): string {
    return [...this.#entries].map(([name, value]) => `${name}=${quote(value)}`).join(';');
  }
  toJSON(): string {
    return this.toString();
  }
  /** Parses `;name=value;…` as the MIME Sniffing standard does: later duplicates and bad names are skipped. */
  static parse(text: string, into: MIMEParams): void {
    let at = 0;
    while (at < text.length) {
      at++; // the ';'
      while (/[\t\n\r ]/.test(text[at] ?? '')) at++;
      let name = '';
      while (at < text.length && text[at] !== ';' && text[at] !== '=') name += text[at++];
      name = name.toLowerCase();
      if (text[at] === ';') continue;
      if (at >= text.length) break;
      at++; // the '='
      let value = '';
      if (text[at] === '"') {
        at++;
        while (at < text.length && text[at] !== '"') {
          if (text[at] === '\\' && at + 1 < text.length) at++;
          value += text[at++];
        }
        while (at < text.length && text[at] !== ';') at++;
      } else {
        while (at < text.length && text[at] !== ';') value += text[at++];
        value = value.replace(/[\t\n\r ]+$/, '');
        if (!value) continue;
      }
      if (name && TOKEN.test(name) && QUOTED_VALUE.test(value) && !into.has(name)) into.#entries.set(name, value);
    }
  }
}

export class MIMEType {
  #type: string;
  #subtype: string;
  #params = new MIMEParams();

  constructor(input: unknown) {
    const text = String(input).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
    const slash = text.indexOf('/');
    const type = slash === -1 ? text : text.slice(0, slash);
    if (!type || !TOKEN.test(type))
      throw nodeError(
        TypeError,
        'ERR_INVALID_MIME_SYNTAX',
        `The MIME syntax for a type in "${text}" is invalid${type ? ` at ${slash === -1 ? text.length : 0}` : ''}`,
      );
    const rest = slash === -1 ? '' : text.slice(slash + 1);
    const semicolon = rest.indexOf(';');
    const subtype = (semicolon === -1 ? rest : rest.slice(0, semicolon)).replace(/[\t\n\r ]+$/, '');
    if (!subtype || !TOKEN.test(subtype))
      throw nodeError(TypeError, 'ERR_INVALID_MIME_SYNTAX', `The MIME syntax for a subtype in "${text}" is invalid at ${slash + 1}`);
    this.#type = type.toLowerCase();
    this.#subtype = subtype.toLowerCase();
    if (semicolon !== -1) MIMEParams.parse(rest.slice(semicolon), this.#params);
  }
  get type(): string {
    return this.#type;
  }
  set type(value: string) {
    if (!TOKEN.test(String(value))) throw nodeError(TypeError, 'ERR_INVALID_MIME_SYNTAX', `The MIME syntax for a type in "${value}" is invalid at 0`);
    this.#type = String(value).toLowerCase();
  }
  get subtype(): string {
    return this.#subtype;
  }
  set subtype(value: string) {
    if (!TOKEN.test(String(value))) throw nodeError(TypeError, 'ERR_INVALID_MIME_SYNTAX', `The MIME syntax for a subtype in "${value}" is invalid at 0`);
    this.#subtype = String(value).toLowerCase();
  }
  get essence(): string {
    return `${this.#type}/${this.#subtype}`;
  }
  get params(): MIMEParams {
    return this.#params;
  }
  toString(): string {
    const params = this.#params.toString();
    return `${this.essence}${params ? `;${params}` : ''}`;
  }
  toJSON(): string {
    return this.toString();
  }
}
