// @vitest-environment jsdom
/**
 * node:test and `node --test` in the offline runtime's `node`: what a test file reports with Node 22's
 * reporters, the exit status, which files the runner finds, and the options Node takes.
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

// eslint-disable-next-line no-control-regex -- the reporters colour their output on a terminal, as Node's do
const plain = (text: string) => text.replace(/\u001b\[\d+m/g, '');
/** Durations differ from run to run; the rest of a report does not. */
const stable = (text: string) =>
  plain(text)
    .replace(/\(\d+(\.\d+)?ms\)/g, '(Xms)')
    .replace(/duration_ms(:?) \d+(\.\d+)?/g, 'duration_ms$1 X');

async function run(files: Record<string, string>, args: string[], cwd = '/p') {
  // In a terminal, as the IDE's shell runs it: Node's default reporter there is spec (tap in a pipe).
  const result = await node(workspace({ '/p/package.json': '{}', ...files }), args, cwd, undefined, { terminal: true });
  return { ...result, output: stable(result.output), errors: plain(result.errors) };
}

const HEAD = "const test = require('node:test');\nconst assert = require('node:assert');\n";

describe('node:test reports as Node 22 does', () => {
  it('prints ✔/✖ per test, ▶ for a suite, the failure with the assertion’s diff, the summary, and exits 1', async () => {
    const file = [
      HEAD,
      "test('adds', () => { assert.strictEqual(1 + 1, 2); });",
      "test('fails', () => { assert.strictEqual(1 + 1, 3); });",
      "test.describe('math', () => {",
      "  test.it('deep', () => { assert.deepStrictEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] }); });",
      "  test.it('skipped', { skip: true }, () => {});",
      "  test.it.todo('later');",
      '});',
    ].join('\n');
    const { code, output } = await run({ '/p/a.test.js': file }, ['a.test.js']);
    expect(code).toBe(1);
    const [results, failing] = output.split('✖ failing tests:');
    expect(results).toBe(
      [
        '✔ adds (Xms)',
        '✖ fails (Xms)',
        '  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
        '  ',
        '  2 !== 3',
        '  ',
        '      at eval (/p/a.test.js:5:30) {',
        '    generatedMessage: true,',
        "    code: 'ERR_ASSERTION',",
        '    actual: 2,',
        '    expected: 3,',
        "    operator: 'strictEqual'",
        '  }',
        '',
        '▶ math',
        '  ✖ deep (Xms)',
        '    AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:',
        '    + actual - expected',
        '    ',
        '      {',
        '        a: 1,',
        '        b: [',
        '          1,',
        '    +     2',
        '    -     3',
        '        ]',
        '      }',
        '    ',
        '        at eval (/p/a.test.js:7:34) {',
        '      generatedMessage: true,',
        "      code: 'ERR_ASSERTION',",
        '      actual: { a: 1, b: [ 1, 2 ] },',
        '      expected: { a: 1, b: [ 1, 3 ] },',
        "      operator: 'deepStrictEqual'",
        '    }',
        '',
        '  ﹣ skipped (Xms) # SKIP',
        '  ✔ later (Xms) # TODO',
        '✖ math (Xms)',
        'ℹ tests 5',
        'ℹ suites 1',
        'ℹ pass 1',
        'ℹ fail 2',
        'ℹ cancelled 0',
        'ℹ skipped 1',
        'ℹ todo 1',
        'ℹ duration_ms X',
        '',
        '',
      ].join('\n'),
    );
    expect(failing).toContain('\ntest at a.test.js:5:1\n✖ fails (Xms)\n  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:');
    expect(failing).toContain('\ntest at a.test.js:7:');
  });

  it('exits 0 when every test passes, and a bare require("test") is a package, not node:test', async () => {
    const passing = await run({ '/p/ok.js': `${HEAD}test('fine', () => {});` }, ['ok.js']);
    expect(passing).toMatchObject({ code: 0 });
    expect(passing.output).toContain('✔ fine (Xms)\nℹ tests 1\nℹ suites 0\nℹ pass 1\nℹ fail 0\n');
    const bare = await run({ '/p/bare.js': "require('test');" }, ['bare.js']);
    expect(bare.code).toBe(1);
    expect(bare.errors).toContain("Cannot find module 'test'");
  });

  it('runs subtests, async tests, done callbacks and hooks in Node’s order, and imports from ES modules', async () => {
    const file = [
      "import { test, describe, it, before, after, beforeEach, afterEach } from 'node:test';",
      'const log = [];',
      "before(() => log.push('before'));",
      "beforeEach(() => log.push('each'));",
      "afterEach(() => log.push('after-each'));",
      "describe('suite', () => {",
      "  before(() => log.push('suite-before'));",
      "  it('done', (t, done) => { setTimeout(() => { log.push('done'); done(); }, 5); });",
      "  it('async', async () => { await new Promise((r) => setTimeout(r, 5)); log.push('async'); });",
      '});',
      "test('parent', async (t) => {",
      "  await t.test('child 1', () => log.push('child 1'));",
      "  await t.test('child 2', () => log.push('child 2'));",
      '});',
      "after(() => console.log(log.join(',')));",
    ].join('\n');
    const { code, output } = await run({ '/p/order.test.mjs': file }, ['order.test.mjs']);
    expect(code).toBe(0);
    expect(output).toContain('▶ suite\n  ✔ done (Xms)\n  ✔ async (Xms)\n✔ suite (Xms)\n▶ parent\n  ✔ child 1 (Xms)\n  ✔ child 2 (Xms)\n✔ parent (Xms)\n');
    expect(output).toContain(
      'before,suite-before,each,done,after-each,each,async,after-each,each,each,child 1,after-each,each,child 2,after-each,after-each\n',
    );
    expect(output).toContain('ℹ tests 5\nℹ suites 1\nℹ pass 5\n');
  });

  it('gives an async suite the tests it declares after an await', async () => {
    const file = [
      HEAD,
      "test.describe('loaded', async () => {",
      '  const names = await new Promise((resolve) => setTimeout(() => resolve(["one", "two"]), 5));',
      '  for (const name of names) test.it(name, () => {});',
      '});',
      "test('top', () => {});",
    ].join('\n');
    const { output } = await run({ '/p/s.test.js': file }, ['s.test.js']);
    expect(output).toMatch(/^▶ loaded\n {2}✔ one \(Xms\)\n {2}✔ two \(Xms\)\n✔ loaded \(Xms\)\n✔ top \(Xms\)\nℹ tests 3\nℹ suites 1\n/);
  });

  it('fails a test on t.plan mismatch, a timeout and a failing subtest; t.assert counts toward the plan; t.diagnostic shows', async () => {
    const file = [
      HEAD,
      "test('planned', (t) => { t.plan(2); t.assert.ok(true); t.assert.strictEqual(1, 1); t.diagnostic('two asserts'); });",
      "test('under-planned', (t) => { t.plan(3); t.assert.ok(true); });",
      "test('slow', { timeout: 20 }, () => new Promise((r) => setTimeout(r, 2000)));",
      "test('outer', async (t) => { await t.test('inner', () => { throw new Error('inner broke'); }); });",
    ].join('\n');
    const { code, output } = await run({ '/p/t.test.js': file }, ['t.test.js']);
    expect(code).toBe(1);
    expect(output).toContain('✔ planned (Xms)\nℹ two asserts\n');
    expect(output).toContain("✖ under-planned (Xms)\n  'plan expected 3 assertions but received 1'\n");
    expect(output).toContain("✖ slow (Xms)\n  'test timed out after 20ms'\n");
    expect(output).toContain('▶ outer\n  ✖ inner (Xms)\n    Error: inner broke\n');
    expect(output).toContain('✖ outer (Xms)\n');
    expect(output).toContain('ℹ tests 5\nℹ suites 0\nℹ pass 1\nℹ fail 4\n');
  });

  it('fails the running test on an error thrown where it cannot catch it, rather than waiting for ever', async () => {
    // A browser reports an error thrown by a timer's callback as an 'error' event on the window; Node's
    // timers here (the test's host) would end the host instead, so the file raises the event as a browser does.
    const file = [
      HEAD,
      'const uncaught = (error) => dispatchEvent(new ErrorEvent("error", { error, cancelable: true }));',
      "test('callback', { timeout: 3000 }, (t, done) => {",
      '  setTimeout(() => { try { assert.strictEqual(1, 2); done(); } catch (error) { uncaught(error); } }, 1);',
      '});',
      "test('next', () => {});",
    ].join('\n');
    const { code, output, errors } = await run({ '/p/u.test.js': file }, ['u.test.js']);
    expect(code).toBe(1);
    expect(output).toContain('✖ callback (Xms)\n  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n');
    expect(output).toContain('✔ next (Xms)\n');
    expect(errors).toBe('');
  });

  it('mocks functions, methods and timers, and restores them', async () => {
    const file = [
      HEAD,
      "test('mocks', (t) => {",
      '  const sum = t.mock.fn((a, b) => a + b);',
      '  sum(1, 2); sum(3, 4);',
      '  assert.strictEqual(sum.mock.callCount(), 2);',
      '  assert.deepStrictEqual(sum.mock.calls[1].arguments, [3, 4]);',
      '  assert.strictEqual(sum.mock.calls[1].result, 7);',
      '  const calc = { double: (n) => n * 2 };',
      "  t.mock.method(calc, 'double', () => 0);",
      '  assert.strictEqual(calc.double(5), 0);',
      '  calc.double.mock.restore();',
      '  assert.strictEqual(calc.double(5), 10);',
      "  t.mock.timers.enable({ apis: ['setTimeout'] });",
      '  const fired = t.mock.fn();',
      '  setTimeout(fired, 1000);',
      '  t.mock.timers.tick(999);',
      '  assert.strictEqual(fired.mock.callCount(), 0);',
      '  t.mock.timers.tick(1);',
      '  assert.strictEqual(fired.mock.callCount(), 1);',
      '});',
      "test('timers are real again', () => new Promise((resolve) => setTimeout(resolve, 1)));",
    ].join('\n');
    const { code, output } = await run({ '/p/m.test.js': file }, ['m.test.js']);
    expect(output).toContain('ℹ pass 2\nℹ fail 0\n');
    expect(code).toBe(0);
  });
});

describe('node --test', () => {
  const files = {
    '/p/test/math.test.js': `${HEAD}test('math adds', () => assert.strictEqual(1 + 1, 2));`,
    '/p/src/util_test.mjs': "import test from 'node:test';\ntest('util works', () => {});",
    '/p/test-helpers.cjs': "require('node:test')('helpers', () => {});",
    '/p/test/fixtures/data.js': "console.log('fixture ran');",
    '/p/src/app.js': "throw new Error('not a test file');",
    '/p/node_modules/dep/index.test.js': "throw new Error('node_modules is never searched');",
  };

  it('finds files by Node 22’s default patterns outside node_modules, runs each in its own process and sums them up', async () => {
    const { code, output } = await run(files, ['--test']);
    expect(code).toBe(0);
    // Sorted by path: src/util_test.mjs, test-helpers.cjs, test/fixtures/data.js, test/math.test.js.
    expect(output).toBe(
      '✔ util works (Xms)\n✔ helpers (Xms)\nfixture ran\n✔ math adds (Xms)\n' +
        'ℹ tests 3\nℹ suites 0\nℹ pass 3\nℹ fail 0\nℹ cancelled 0\nℹ skipped 0\nℹ todo 0\nℹ duration_ms X\n',
    );
  });

  it('runs the files and globs given; a missing file is "Could not find"; a file that cannot run fails as a test', async () => {
    expect((await run(files, ['--test', 'test/*.test.js'])).output).toMatch(/^✔ math adds \(Xms\)\nℹ tests 1\n/);
    const missing = await run(files, ['--test', 'nope.test.js']);
    expect(missing).toMatchObject({ code: 1, errors: "Could not find '/p/nope.test.js'\n" });
    const broken = await run(files, ['--test', 'src/app.js']);
    expect(broken.code).toBe(1);
    expect(broken.errors).toContain('Error: not a test file');
    expect(broken.output).toContain("✖ /p/src/app.js (Xms)\n  'test failed'\n");
    expect(broken.output).toContain('ℹ tests 1\nℹ suites 0\nℹ pass 0\nℹ fail 1\n');
  });

  it('passes a file’s own output through, even when it does not end its line', async () => {
    const file = `${HEAD}process.stdout.write('no newline');\ntest('after', () => {});`;
    const { output } = await run({ '/p/w.test.js': file }, ['--test']);
    expect(output).toMatch(/^no newline✔ after \(Xms\)\nℹ tests 1\n/);
  });

  it('keeps each file’s modules to itself, as separate processes do', async () => {
    const counter = 'let count = 0; module.exports = () => ++count;';
    const user = (name: string) => `${HEAD}const next = require('./counter.js');\ntest('${name}', () => assert.strictEqual(next(), 1));`;
    const result = await run({ '/p/counter.js': counter, '/p/a.test.js': user('first'), '/p/b.test.js': user('second') }, ['--test']);
    expect(result.output).toContain('ℹ pass 2\nℹ fail 0\n');
  });

  it('takes --test-name-pattern, --test-skip-pattern, --test-only and --test-reporter', async () => {
    const file = [
      HEAD,
      "test('alpha one', () => {});",
      "test('beta', () => {});",
      "test('focused', { only: true }, () => {});",
      "test.describe('group', () => { test.it('alpha two', () => {}); });",
    ].join('\n');
    const named = await run({ '/p/n.test.js': file }, ['--test', '--test-name-pattern=alpha']);
    expect(named.output).toMatch(/^✔ alpha one \(Xms\)\n▶ group\n {2}✔ alpha two \(Xms\)\n✔ group \(Xms\)\nℹ tests 2\n/);
    const skipped = await run({ '/p/n.test.js': file }, ['--test', '--test-skip-pattern', 'alpha|group']);
    expect(skipped.output).toMatch(/^✔ beta \(Xms\)\n✔ focused \(Xms\)\nℹ tests 2\n/);
    const only = await run({ '/p/n.test.js': file }, ['--test-only', 'n.test.js']);
    expect(only.output).toContain("﹣ alpha one (Xms) # 'only' option not set\n");
    expect(only.output).toContain('✔ focused (Xms)\n');
    expect(only.output).toContain('ℹ pass 1\n');

    const tap = await run({ '/p/n.test.js': file }, ['--test', '--test-reporter=tap', '--test-name-pattern', 'beta']);
    expect(tap.output).toBe(
      "TAP version 13\n# Subtest: beta\nok 1 - beta\n  ---\n  duration_ms: X\n  type: 'test'\n  ...\n1..1\n" +
        '# tests 1\n# suites 0\n# pass 1\n# fail 0\n# cancelled 0\n# skipped 0\n# todo 0\n# duration_ms X\n',
    );
    const dot = await run({ '/p/n.test.js': file }, ['--test', '--test-reporter', 'dot']);
    expect(dot.output).toBe('.....\n');
  });

  it('writes the report where --test-reporter-destination says, and runs its --test-shard of the files', async () => {
    const one = (name: string) => `${HEAD}test('${name}', () => {});`;
    const shards = { '/p/a.test.js': one('a'), '/p/b.test.js': one('b'), '/p/c.test.js': one('c') };
    const vfs = workspace({ '/p/package.json': '{}', ...shards });
    const toFile = await node(vfs, ['--test', '--test-reporter=tap', '--test-reporter-destination', 'out/report.tap', '--test-shard=2/2'], '/p');
    expect(toFile).toMatchObject({ code: 0, output: '' });
    const report = stable(vfs.readFileSync('/p/out/report.tap', 'utf8') as string);
    expect(report).toMatch(/^TAP version 13\n# Subtest: b\nok 1 - b\n/);
    expect(report).toContain('# tests 1\n');
    const toStderr = await run(shards, ['--test', '--test-reporter=dot', '--test-reporter-destination=stderr']);
    expect(toStderr).toMatchObject({ code: 0, output: '', errors: '...\n' });
    const badShard = await run(shards, ['--test', '--test-shard=3/2']);
    expect(badShard).toMatchObject({
      code: 1,
      errors: 'RangeError [ERR_OUT_OF_RANGE]: The value of "options.shard.index" is out of range. It must be >= 1 && <= 2. Received 3\n',
    });
  });

  it('refuses what it cannot do in Node’s manner: two reporters, coverage', async () => {
    const twoReporters = await run({}, ['--test', '--test-reporter=spec', '--test-reporter=tap']);
    expect(twoReporters).toMatchObject({ code: 1, errors: expect.stringMatching(/^TypeError \[ERR_INVALID_ARG_VALUE\]: The argument '--test-reporter'/) });
    const coverage = await run({}, ['--test', '--experimental-test-coverage']);
    expect(coverage).toMatchObject({
      code: 1,
      errors: expect.stringMatching(/^Error \[ERR_NOT_SUPPORTED\]: --experimental-test-coverage is not supported in this runtime/),
    });
  });

  it('refuses flags Node does not know, and --watch, which it cannot honour here', async () => {
    expect(await run({}, ['--tset'])).toMatchObject({ code: 9, output: 'node: bad option: --tset\n' });
    expect((await run({}, ['--test', '--watch'])).code).toBe(9);
  });
});
