/**
 * Whether CommonJS code needs the loader's rewrite at all: `import()` pointed at the loader, and `await` made to
 * carry the async context frame. Both words turn up in the strings and comments of large packages (TypeScript's
 * 6 MB compiler has 39 such mentions and no async function or import call at all), and a full parse of such a
 * file cost a process a second or more at every start. A token scan tells code from text at a third of a parse's
 * cost; only code that has an import call or could hold an async function (whose body is the only place a
 * script can await) is parsed and rewritten.
 */
import { tokenizer, tokTypes as tt, type Token } from 'acorn';

const MENTIONS = /(?<![.\w$])(?:import\s*\(|await\b)/;

/** Tokens after `async` that can start an async function, arrow or method; anything else is a plain name. */
function startsAsyncFunction(next: Token | undefined): boolean {
  if (!next) return false;
  const type = next.type;
  return (
    type === tt._function ||
    type === tt.parenL ||
    type === tt.name ||
    type === tt.star ||
    type === tt.bracketL ||
    type === tt.string ||
    type === tt.num ||
    type === tt.privateId
  );
}

/** Whether the code mentions `import(` or `await` at all: without either, it never needs the rewrite (no scan). */
export function mentionsRewriteWords(code: string): boolean {
  return MENTIONS.test(code);
}

export function needsCommonJsRewrite(code: string): boolean {
  if (!mentionsRewriteWords(code)) return false;
  try {
    let previous: Token | undefined;
    let pendingAsync = false;
    let pendingImport = false;
    for (const token of tokenizer(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true, allowHashBang: true })) {
      if (pendingImport && token.type === tt.parenL) return true;
      if (pendingAsync && startsAsyncFunction(token)) return true;
      const afterDot = previous?.type === tt.dot || previous?.type === tt.questionDot;
      pendingImport = token.type === tt._import && !afterDot;
      pendingAsync = token.type === tt.name && token.end - token.start === 5 && code.startsWith('async', token.start) && !afterDot;
      previous = token;
    }
    return false;
  } catch {
    // What the scan cannot read, the parse decides (and a syntax error surfaces when the code is evaluated).
    return true;
  }
}
