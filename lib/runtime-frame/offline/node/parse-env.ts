/**
 * `util.parseEnv`: the dotenv format Node's `--env-file` reads, parsed as Node 22's parser does, quirks included
 * (spaces are trimmed but not tabs, a line with only spaces joins the next key, the keys come out sorted).
 * dotenv's `parse` is not used: it sits in the module that loads Node's fs, path and os, which cannot be
 * bundled for the browser, and it parses by rules of its own rather than Node's.
 */
import { checkString } from './node-errors';

const trimSpaces = (text: string) => text.replace(/^ +| +$/g, '');

export function parseEnv(input: string): Record<string, string> {
  checkString(input, 'content');
  let content = trimSpaces(input.replace(/\r/g, ''));
  const result = new Map<string, string>();
  while (content.length > 0) {
    // Blank lines and comments.
    if (content[0] === '\n' || content[0] === '#') {
      const newline = content.indexOf('\n');
      if (newline !== -1) {
        content = content.slice(newline + 1);
        continue;
      }
    }
    const equal = content.indexOf('=');
    if (equal === -1) break;
    let key = trimSpaces(content.slice(0, equal));
    content = content.slice(equal + 1);
    if (key === '') break;
    if (key.startsWith('export ')) key = trimSpaces(key.slice(7));
    content = content.replace(/^ +/, '');
    if (content === '') {
      result.set(key, '');
      break;
    }
    const quote = content[0];
    if (quote === '"' || quote === "'" || quote === '`') {
      const closing = content.indexOf(quote, 1);
      if (closing !== -1) {
        const value = content.slice(1, closing);
        // Only double quotes expand \n.
        result.set(key, quote === '"' ? value.replace(/\\n/g, '\n') : value);
        const newline = content.indexOf('\n', closing + 1);
        content = newline === -1 ? '' : content.slice(newline + 1);
        continue;
      }
      // An unclosed quote: the rest of the line, quote included, is the value.
      const newline = content.indexOf('\n');
      if (newline !== -1) {
        result.set(key, content.slice(0, newline));
        content = content.slice(newline);
        continue;
      }
    }
    const newline = content.indexOf('\n');
    let value = content;
    if (newline !== -1) {
      value = content.slice(0, newline);
      const hash = value.indexOf('#');
      if (hash !== -1) value = value.slice(0, hash);
      content = content.slice(newline + 1);
    }
    // On the last line Node leaves the text in place, so `A=b=c` gives both A and b.
    result.set(key, trimSpaces(value));
  }
  return Object.fromEntries([...result].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
