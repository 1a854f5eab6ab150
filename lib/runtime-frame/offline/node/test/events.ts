/**
 * The events node:test reports, in the shape Node's reporters receive them (`test:start`, `test:pass`, …).
 * A test file run by `node --test` is a process of its own, as in Node; it sends its events to the runner
 * as lines of its stdout, so they are validated when read back.
 */
import { z } from 'zod';

const TestFailureSchema = z.object({
  /** Node's classification: testCodeFailure, subtestsFailed, hookFailure, testTimeoutFailure, cancelledByParent. */
  failureType: z.string(),
  /** The cause as util.inspect shows it: what the spec and dot reporters print under the test. */
  shown: z.string(),
  message: z.string(),
  name: z.string().optional(),
  code: z.string().optional(),
  expected: z.string().optional(),
  actual: z.string().optional(),
  operator: z.string().optional(),
  stack: z.array(z.string()).optional(),
});
export type TestFailure = z.infer<typeof TestFailureSchema>;

const Location = { file: z.string().optional(), line: z.number().optional(), column: z.number().optional() };

const TestResultSchema = z.object({
  name: z.string(),
  nesting: z.number(),
  testNumber: z.number(),
  ...Location,
  skip: z.union([z.string(), z.literal(true)]).optional(),
  todo: z.union([z.string(), z.literal(true)]).optional(),
  details: z.object({ duration_ms: z.number(), type: z.enum(['test', 'suite']), error: TestFailureSchema.optional() }),
});
export type TestResult = z.infer<typeof TestResultSchema>;

const TestEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('test:start'), data: z.object({ name: z.string(), nesting: z.number(), ...Location }) }),
  z.object({ type: z.literal('test:pass'), data: TestResultSchema }),
  z.object({ type: z.literal('test:fail'), data: TestResultSchema }),
  z.object({ type: z.literal('test:plan'), data: z.object({ nesting: z.number(), count: z.number() }) }),
  z.object({ type: z.literal('test:diagnostic'), data: z.object({ nesting: z.number(), message: z.string() }) }),
]);
export type TestEvent = z.infer<typeof TestEventSchema>;

/** Marks a line of a test file's stdout as an event for the runner rather than the file's own output. */
export const EVENT_LINE_PREFIX = '\u0000node:test:event ';

/** The environment variable (Node's own name) that tells a test file it runs under `node --test`. */
export const CHILD_CONTEXT_ENV = 'NODE_TEST_CONTEXT';

export function eventLine(event: TestEvent): string {
  return `${EVENT_LINE_PREFIX}${JSON.stringify(event)}\n`;
}

/** The event a line carries, or null when the line is the file's own output. */
export function parseEventLine(line: string): TestEvent | null {
  if (!line.startsWith(EVENT_LINE_PREFIX)) return null;
  try {
    const parsed = TestEventSchema.safeParse(JSON.parse(line.slice(EVENT_LINE_PREFIX.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
