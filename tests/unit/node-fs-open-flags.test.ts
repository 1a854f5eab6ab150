// @vitest-environment jsdom
/**
 * Opening files with numeric flags (`fs.constants.O_*`) in the offline runtime's `node`, as WASI's `path_open`
 * does for every file a package's WebAssembly build writes (a bundler writing its output, for one).
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

const run = (lines: string[], files: Record<string, string> = {}) => node(workspace({ ...files, '/main.js': lines.join('\n') }), ['main.js']);

describe('node: fs.openSync with numeric flags', () => {
  it('has Linux values for the O_ constants', async () => {
    const result = await run([
      "const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND } = require('fs').constants;",
      'console.log(O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND);',
    ]);
    expect(result).toMatchObject({ code: 0, output: '0 1 2 64 128 512 1024\n' });
  });

  it('creates a file in an existing folder with O_WRONLY | O_CREAT | O_TRUNC and writes it', async () => {
    const result = await run([
      "const fs = require('fs'); const { O_WRONLY, O_CREAT, O_TRUNC } = fs.constants;",
      "fs.mkdirSync('out/assets', { recursive: true });",
      "const fd = fs.openSync('out/assets/index.js', O_WRONLY | O_CREAT | O_TRUNC, 0o666);",
      "console.log('size at open', fs.fstatSync(fd).size, fs.existsSync('out/assets/index.js'));",
      "fs.writeSync(fd, 'console.log(1)'); fs.closeSync(fd);",
      "console.log(fs.readFileSync('out/assets/index.js', 'utf8'));",
    ]);
    expect(result).toMatchObject({ code: 0, output: 'size at open 0 true\nconsole.log(1)\n' });
  });

  it('truncates, appends, keeps content without O_TRUNC, and answers ENOENT and EEXIST as Node does', async () => {
    const result = await run(
      [
        "const fs = require('fs'); const c = fs.constants;",
        "const write = (flags, text) => { const fd = fs.openSync('a.txt', flags); fs.writeSync(fd, text); fs.closeSync(fd); return fs.readFileSync('a.txt', 'utf8'); };",
        "console.log(write(c.O_WRONLY | c.O_TRUNC, 'new'));",
        "console.log(write(c.O_WRONLY | c.O_APPEND, '+more'));",
        "console.log(write(c.O_RDWR, 'N'));",
        "try { fs.openSync('missing.txt', c.O_WRONLY); } catch (e) { console.log(e.code); }",
        "try { fs.openSync('a.txt', c.O_WRONLY | c.O_CREAT | c.O_EXCL); } catch (e) { console.log(e.code); }",
        "fs.closeSync(fs.openSync('made.txt', c.O_RDONLY | c.O_CREAT)); console.log(JSON.stringify(fs.readFileSync('made.txt', 'utf8')));",
      ],
      { '/a.txt': 'old content' },
    );
    expect(result).toMatchObject({ code: 0, output: 'new\nnew+more\nNew+more\nENOENT\nEEXIST\n""\n' });
  });
});
