/**
 * `node --test`: finds the test files as Node 22 does, runs each as a process of its own (as Node does,
 * with NODE_TEST_CONTEXT set so the file sends its events rather than reporting), and reports every file's
 * tests with one reporter and one summary. Exit code 1 when a test failed or a file could not run.
 */
import type { VirtualFS } from 'almostnode';
import type { NodeInvocation } from './command-line';
import { CHILD_CONTEXT_ENV, EVENT_LINE_PREFIX, parseEventLine, type TestEvent } from './node/test/events';
import { reportWriter } from './node/test/destination';
import { discoverTestFiles } from './node/test/discovery';
import { runnerFailure } from './node/test/failure';
import { CHILD_CONTEXT } from './node/test/module';
import { testRunOptions } from './node/test/options';
import { colorsFor, createReporter, shouldColorize, type Reporter } from './node/test/reporters';
import { RunSummary } from './node/test/summary';
import { resolvePath } from './paths';
import type { CommandIO } from './process';

interface TestRunDeps {
  vfs: VirtualFS;
  inspect(value: unknown): string;
  /** Runs one node process (runNode), here for one test file. */
  runFile(invocation: NodeInvocation, io: CommandIO): Promise<number>;
}

/** Splits a file's stdout into whole lines: its events for the reporter, its own output passed through. */
function lineReader(onLine: (line: string) => void) {
  let pending = '';
  return {
    write(text: string) {
      pending += text;
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
        onLine(pending.slice(0, end + 1));
        pending = pending.slice(end + 1);
      }
    },
    flush() {
      if (pending) onLine(pending);
      pending = '';
    },
  };
}

class RunReport {
  readonly summary = new RunSummary();
  topLevel = 0;
  constructor(
    private readonly reporter: Reporter,
    private readonly write: (text: string) => void,
  ) {}

  event(event: TestEvent): void {
    this.summary.count(event);
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0) {
      // Each file numbers its own top-level tests from 1; the run numbers them across files.
      event = { ...event, data: { ...event.data, testNumber: ++this.topLevel } };
    }
    this.write(this.reporter.event(event));
  }

  output(text: string): void {
    this.write(this.reporter.output(text));
  }

  end(): void {
    if (this.topLevel > 0) this.write(this.reporter.event({ type: 'test:plan', data: { nesting: 0, count: this.topLevel } }));
    for (const event of this.summary.diagnostics()) this.write(this.reporter.event(event));
    this.write(this.reporter.end());
  }
}

export async function runTestFiles(invocation: Extract<NodeInvocation, { kind: 'test' }>, io: CommandIO, deps: TestRunDeps): Promise<number> {
  const writeError = (text: string) => (io.writeError ?? io.write).call(io, text);
  let options: ReturnType<typeof testRunOptions>;
  try {
    options = testRunOptions(invocation.execArgv, io.stdoutIsTerminal !== false);
  } catch (error) {
    // As Node's runner fails at its start: the error, named with its code, and status 1.
    const { name, code, message } = error as Error & { code?: string };
    writeError(`${name} [${code}]: ${message}\n`);
    return 1;
  }
  const found = discoverTestFiles(deps.vfs, io.cwd, invocation.patterns);
  if (found === null) {
    writeError(`Could not find '${invocation.patterns.map((pattern) => resolvePath(io.cwd, pattern)).join(', ')}'\n`);
    return 1;
  }
  const { shard } = options;
  // Node's sharding: the files, sorted, dealt out in turn.
  const files = shard ? found.filter((_, index) => index % shard.total === shard.index - 1) : found;
  const toTerminal = options.destination === 'stdout' ? io.stdoutIsTerminal !== false : options.destination === 'stderr';
  const reporter = createReporter(options.reporter, { colors: colorsFor(shouldColorize(io.env, { isTTY: toTerminal })), cwd: io.cwd, columns: 80 });
  const write = reportWriter(options.destination, {
    stdout: (text) => io.write(text),
    stderr: writeError,
    writeFile: (path, text, append) => {
      const target = resolvePath(io.cwd, path);
      const before = append && deps.vfs.existsSync(target) ? deps.vfs.readFileSync(target, 'utf8') : '';
      deps.vfs.writeFileSync(target, before + text);
    },
  });
  const report = new RunReport(reporter, write);
  const execArgv = invocation.execArgv.filter((flag) => flag !== '--test');
  for (const file of files) {
    const path = resolvePath(io.cwd, file);
    let failed = false;
    const lines = lineReader((line) => {
      // Output written without a final newline (process.stdout.write('…')) runs into the next event's line.
      const at = line.indexOf(EVENT_LINE_PREFIX);
      if (at > 0) {
        report.output(line.slice(0, at));
        line = line.slice(at);
      }
      const event = parseEventLine(line.replace(/\n$/, ''));
      if (!event) return report.output(line);
      if (event.type === 'test:fail') failed = true;
      report.event(event);
    });
    const started = performance.now();
    const code = await deps.runFile(
      { kind: 'file', path, args: [], execArgv },
      { ...io, env: { ...io.env, [CHILD_CONTEXT_ENV]: CHILD_CONTEXT }, write: (text) => lines.write(text), writeBytes: undefined },
    );
    lines.flush();
    if (io.signal.aborted) return 130;
    if (code !== 0 && !failed) {
      // A file that could not run (a syntax error, an uncaught error, process.exit(1)) fails as a test of its own.
      const duration_ms = Number((performance.now() - started).toFixed(6));
      const error = runnerFailure('testCodeFailure', 'test failed', deps.inspect);
      report.event({ type: 'test:start', data: { name: path, nesting: 0 } });
      report.event({ type: 'test:fail', data: { name: path, nesting: 0, testNumber: 0, details: { duration_ms, type: 'test', error } } });
    }
  }
  report.end();
  return report.summary.failed ? 1 : 0;
}
