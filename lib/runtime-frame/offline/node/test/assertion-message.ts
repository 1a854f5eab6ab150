/**
 * The message Node 22's assert generates for a failed comparison: "Expected values to be strictly equal:"
 * with `1 !== 2` for short values, or a line diff (`+ actual - expected`) of both values laid out one
 * property per line, as Node's AssertionError does. The test reporter shows assertion failures with it, so
 * a failing `assert.deepStrictEqual` reads as it does under Node.
 */
import type { Inspect } from '../console';

const READABLE: Record<string, string> = {
  deepStrictEqual: 'Expected values to be strictly deep-equal:',
  strictEqual: 'Expected values to be strictly equal:',
  strictEqualObject: 'Expected "actual" to be reference-equal to "expected":',
  deepEqual: 'Expected values to be loosely deep-equal:',
  notDeepStrictEqual: 'Expected "actual" not to be strictly deep-equal to:',
  notStrictEqual: 'Expected "actual" to be strictly unequal to:',
};

/** Node compares short single-line values inline rather than as a diff. */
const MAX_SHORT_LENGTH = 12;

const isObject = (value: unknown) => (typeof value === 'object' && value !== null) || typeof value === 'function';

/** The value laid out one entry per line with sorted keys, as Node inspects values for a diff. */
function expandedLines(value: unknown, inspect: Inspect, seen = new Set<unknown>()): string[] {
  const plain =
    isObject(value) && !seen.has(value) && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);
  if (!plain) return inspect(value).split('\n');
  seen.add(value);
  const record = value as Record<string, unknown>;
  const isArray = Array.isArray(value);
  const keys = isArray ? (value as unknown[]).map((_, index) => String(index)) : Object.keys(record).sort();
  if (keys.length === 0) return [isArray ? '[]' : '{}'];
  const body: string[] = [];
  keys.forEach((key, index) => {
    const lines = expandedLines(record[key], inspect, seen);
    const label = isArray ? '' : `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: `;
    lines[0] = `${label}${lines[0]}`;
    if (index < keys.length - 1) lines[lines.length - 1] += ',';
    body.push(...lines.map((line) => `  ${line}`));
  });
  seen.delete(value);
  return [isArray ? '[' : '{', ...body, isArray ? ']' : '}'];
}

/** Longest-common-subsequence line diff: common lines indented, actual's own `+`, expected's own `-`. */
function diffLines(actual: string[], expected: string[]): string[] {
  const width = expected.length + 1;
  // lcs[i * width + j]: length of the common subsequence of actual[i..] and expected[j..].
  const lcs = new Array<number>((actual.length + 1) * width).fill(0);
  const at = (i: number, j: number) => lcs[i * width + j] ?? 0;
  for (let i = actual.length - 1; i >= 0; i--) {
    for (let j = expected.length - 1; j >= 0; j--) {
      lcs[i * width + j] = actual[i] === expected[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < actual.length || j < expected.length) {
    if (i < actual.length && j < expected.length && actual[i] === expected[j]) {
      out.push(`  ${actual[i++]}`);
      j++;
    } else if (j >= expected.length || (i < actual.length && at(i + 1, j) >= at(i, j + 1))) {
      out.push(`+ ${actual[i++]}`);
    } else {
      out.push(`- ${expected[j++]}`);
    }
  }
  return out;
}

/** Node's generated message for `operator`, or null for operators whose message is not a comparison. */
export function assertionMessage(actual: unknown, expected: unknown, operator: string, inspect: Inspect): string | null {
  if (operator === 'equal' || operator === '==') return `${inspect(actual)} == ${inspect(expected)}`;
  if (operator === 'notStrictEqual' || operator === 'notDeepStrictEqual') {
    const lines = expandedLines(actual, inspect);
    return lines.length === 1 ? `${READABLE[operator]} ${lines[0]}` : `${READABLE[operator]}\n\n${lines.join('\n')}\n`;
  }
  if (operator !== 'strictEqual' && operator !== 'deepStrictEqual' && operator !== 'deepEqual') return null;
  const kind = operator === 'strictEqual' && isObject(actual) && isObject(expected) ? 'strictEqualObject' : operator;
  const actualLines = expandedLines(actual, inspect);
  const expectedLines = expandedLines(expected, inspect);
  const [actualLine, expectedLine] = [actualLines[0] ?? '', expectedLines[0] ?? ''];
  if (actualLines.length === 1 && expectedLines.length === 1 && actualLine !== expectedLine) {
    const short = actualLine.length + expectedLine.length <= MAX_SHORT_LENGTH;
    if (short && !isObject(actual) && !isObject(expected) && (actual !== 0 || expected !== 0)) {
      return `${READABLE[kind]}\n\n${actualLine} !== ${expectedLine}\n`;
    }
  }
  return `${READABLE[kind]}\n+ actual - expected\n\n${diffLines(actualLines, expectedLines).join('\n')}\n`;
}
