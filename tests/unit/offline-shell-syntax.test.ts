import { describe, expect, it } from 'vitest';
import { binLinkSource } from '@/lib/runtime-frame/offline/bin-link';
import { localFetch } from '@/lib/runtime-frame/offline/shell/local-fetch';
import { withCurlDefaultScheme } from '@/lib/runtime-frame/offline/shell/curl-urls';
import { complete } from '@/lib/runtime-frame/offline/shell/complete';
import { filtersLines } from '@/lib/runtime-frame/offline/shell/line-filters';
import { commandNames } from '@/lib/runtime-frame/offline/shell/resolve';
import { MARK, parseLine, type ParsedLine } from '@/lib/runtime-frame/offline/shell/syntax';
import { shellFixture } from './offline-shell-fakes';

const shape = (parsed: ParsedLine) =>
  parsed.kind === 'script'
    ? 'script'
    : parsed.items.map((item) => ({ then: item.then, commands: item.pipeline.map((command) => command.words.map((word) => word.text)) }));

describe('shell syntax', () => {
  it('reads lists and pipelines, keeping quoted operators as text', () => {
    expect(shape(parseLine(`a 1 && b | c; d 'x && y' || e &`))).toEqual([
      { then: '&&', commands: [['a', '1']] },
      { then: ';', commands: [['b'], ['c']] },
      { then: '||', commands: [['d', 'x && y']] },
      { then: '&', commands: [['e']] },
    ]);
  });

  it('keeps variables for later and marks ~ only where bash expands it', () => {
    const parsed = parseLine(`echo $A "$B" '$C' ~ "~" a~`);
    if (parsed.kind !== 'list') throw new Error('expected a list');
    const words = parsed.items[0]?.pipeline[0]?.words.map((word) => word.text);
    expect(words).toEqual(['echo', `${MARK.split}${MARK.varOpen}A${MARK.varClose}`, `${MARK.varOpen}B${MARK.varClose}`, '$C', MARK.tilde, '~', 'a~']);
  });

  it('tells an fd redirect (2>) from an argument before a redirect (2 >)', () => {
    const fd = parseLine('echo 2> f');
    const arg = parseLine('echo 2 > f');
    if (fd.kind !== 'list' || arg.kind !== 'list') throw new Error('expected lists');
    expect(fd.items[0]?.pipeline[0]).toMatchObject({ words: [{ text: 'echo' }], redirects: [{ kind: 'file', fd: 2, mode: 'write' }] });
    expect(arg.items[0]?.pipeline[0]).toMatchObject({ words: [{ text: 'echo' }, { text: '2' }], redirects: [{ kind: 'file', fd: 1 }] });
    const dup = parseLine('a 2>&1 >&2 &>> log');
    if (dup.kind !== 'list') throw new Error('expected a list');
    expect(dup.items[0]?.pipeline[0]?.redirects).toMatchObject([
      { kind: 'dup', fd: 2, to: 1 },
      { kind: 'dup', fd: 1, to: 2 },
      { kind: 'file', fd: 'out+err', mode: 'append' },
    ]);
  });

  it('hands what it does not read to the full shell', () => {
    for (const line of [
      'echo $(ls)',
      'echo `ls`',
      'for f in *; do echo $f; done',
      'if true; then x; fi',
      'cat <<EOF',
      'f() { x; }',
      '(cd a && b)',
      'mkdir {a,b}',
      'echo ${A/x/y}',
      'a |',
      'a &&',
    ]) {
      expect(parseLine(line).kind, line).toBe('script');
    }
    expect(parseLine('echo a # a comment; rm -rf x').kind).toBe('list');
  });
});

describe('line filters', () => {
  it('streams only what gives the same result line by line', () => {
    for (const argv of [
      ['grep', 'x'],
      ['grep', '-i', '-v', 'x'],
      ['grep', '-e', 'x'],
      ['egrep', 'a|b'],
      ['sed', 's/a/b/g'],
      ['sed', '-e', 's|x|y|', '-e', 's/1/2/'],
      ['tr', 'a-z', 'A-Z'],
    ]) {
      expect(filtersLines(argv), argv.join(' ')).toBe(true);
    }
    for (const argv of [
      ['grep', '-c', 'x'],
      ['grep', 'x', 'file.txt'],
      ['grep', '-A', '2', 'x'],
      ['grep', '-m1', 'x'],
      ['sed', '1d'],
      ['sed', '-i', 's/a/b/', 'f'],
      ['sort'],
      ['wc', '-l'],
    ]) {
      expect(filtersLines(argv), argv.join(' ')).toBe(false);
    }
  });
});

describe('Tab completion', () => {
  const setup = () => {
    const t = shellFixture();
    t.vfs.mkdirSync('/src/components', { recursive: true });
    for (const file of ['/README.md', '/app.js', '/app.test.js', '/src/index.ts', '/my file.txt', '/.env']) t.vfs.writeFileSync(file, '');
    const source = (cwd = '/') => ({ vfs: t.vfs, cwd, commandNames: () => commandNames(t.session.env, cwd, t.host) });
    return { t, source };
  };

  it('completes a unique file name with a space and a folder with a slash', () => {
    const { source } = setup();
    expect(complete('cat REA', source())).toEqual({ insert: 'DME.md ', candidates: [] });
    expect(complete('cd s', source())).toEqual({ insert: 'rc/', candidates: [] });
    expect(complete('ls src/comp', source())).toEqual({ insert: 'onents/', candidates: [] });
    expect(complete('cat my', source())).toEqual({ insert: '\\ file.txt ', candidates: [] });
    expect(complete('cat ../REA', source('/src'))).toEqual({ insert: 'DME.md ', candidates: [] });
    expect(complete('cat .e', source())).toEqual({ insert: 'nv ', candidates: [] });
  });

  it('inserts the common prefix of several matches and offers them for listing', () => {
    const { source } = setup();
    expect(complete('node ap', source())).toEqual({ insert: 'p.', candidates: ['app.js', 'app.test.js'] });
    expect(complete('node app.', source())).toEqual({ insert: '', candidates: ['app.js', 'app.test.js'] });
    expect(complete('cat nothing', source())).toEqual({ insert: '', candidates: [] });
  });

  it('completes command names in command position, including PATH entries', () => {
    const { t, source } = setup();
    expect(complete('whi', source())).toEqual({ insert: 'ch ', candidates: [] });
    expect(complete('ls && nod', source())).toEqual({ insert: 'e ', candidates: [] });
    t.vfs.mkdirSync('/node_modules/.bin', { recursive: true });
    t.vfs.writeFileSync('/node_modules/.bin/vitest', binLinkSource('../vitest/vitest.mjs'));
    t.session.env.PATH = `/node_modules/.bin:${t.session.env.PATH}`;
    expect(complete('vites', source())).toEqual({ insert: 't ', candidates: [] });
  });
});

describe('curl', () => {
  const servers = {
    ports: () => [3000],
    request: async (port: number, method: string, path: string) => ({
      statusCode: 200,
      statusMessage: 'OK',
      headers: { 'content-type': 'text/plain' },
      body: new TextEncoder().encode(`${method} ${path} on ${port}`),
    }),
  };

  it("reaches this runtime's own servers on localhost", async () => {
    const t = shellFixture({ fetch: localFetch(servers) });
    expect(await t.run('curl -s http://localhost:3000/hello?x=1')).toMatchObject({ code: 0, out: 'GET /hello?x=1 on 3000' });
    // Without a scheme, curl takes http (the value of -H is not a URL).
    expect(await t.run('curl -s -H "Accept: text/plain" localhost:3000/plain')).toMatchObject({ code: 0, out: 'GET /plain on 3000' });
  });

  it('reads which words are URLs as curl does: option values stay as they are', () => {
    expect(withCurlDefaultScheme(['-o', 'out.html', '-H', 'X: 1', 'localhost:3000/a', '--url', '127.0.0.1:4000', 'https://localhost:5000/'])).toEqual([
      '-o',
      'out.html',
      '-H',
      'X: 1',
      'http://localhost:3000/a',
      '--url',
      'http://127.0.0.1:4000',
      'https://localhost:5000/',
    ]);
  });

  it('says plainly that other hosts and closed ports are out of reach', async () => {
    const t = shellFixture({ fetch: localFetch(servers) });
    const outside = await t.run('curl http://example.com/');
    expect(outside.code).not.toBe(0);
    expect(outside.err).toContain('no internet access from this runtime');
    expect((await t.run('curl http://localhost:4000/')).err).toContain('no server listens there');
  });
});
