// @vitest-environment jsdom
/** Modes, times and stat options as a program sees them through fs, and mkdtemp's names. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('fs modes, times and stats', () => {
  it('keeps chmod and mkdir modes (under the umask) and utimes times, reported by stat in number and bigint form', async () => {
    const vfs = workspace({
      '/main.js': [
        "const fs = require('fs');",
        "fs.writeFileSync('/a.txt', 'x');",
        "fs.chmodSync('/a.txt', '10755');",
        "fs.writeFileSync('/a.txt', 'rewritten');",
        "console.log((fs.statSync('/a.txt').mode).toString(8));",
        "const fd = fs.openSync('/b.txt', 'w', 0o666);",
        'console.log((fs.fstatSync(fd).mode & 0o777).toString(8));',
        'fs.fchmodSync(fd, 0o600);',
        "console.log((fs.statSync('/b.txt').mode & 0o777).toString(8));",
        "fs.mkdirSync('/d', 0o777);",
        "fs.mkdirSync('/e', { mode: '700' });",
        "console.log(fs.statSync('/d').mode.toString(8), (fs.statSync('/e').mode & 0o777).toString(8), typeof fs.lchmod);",
        "fs.utimesSync('/a.txt', 2, new Date(5000));",
        "const s = fs.statSync('/a.txt');",
        'console.log(s.atimeMs, s.mtimeMs, s.mtime.getTime());',
        "const big = fs.statSync('/a.txt', { bigint: true });",
        'console.log(typeof big.size, big.mtimeNs, fs.statSync("/none", { throwIfNoEntry: false }));',
        'try { fs._toUnixTimestamp(NaN); } catch (error) { console.log(error.code); }',
        "const dir = fs.mkdtempSync('/tmp-');",
        'console.log(dir.length, fs.existsSync(dir), (fs.statSync(dir).mode & 0o777).toString(8));',
      ].join('\n'),
    });
    const run = await node(vfs, ['main.js']);
    expect(run.errors).toBe('');
    expect(run.output).toBe(
      ['100755', '644', '600', '40755 700 undefined', '2000 5000 5000', 'bigint 5000000000n undefined', 'ERR_INVALID_ARG_TYPE', '11 true 700', ''].join('\n'),
    );
  });

  it('answers statfs for an existing path in its three forms and as an ES module export, ENOENT for a missing one', async () => {
    const vfs = workspace({
      '/main.mjs': [
        "import fs, { statfsSync } from 'node:fs';",
        "import { statfs } from 'node:fs/promises';",
        "const s = statfsSync('/');",
        'console.log(s.bsize, s.blocks > 0, s.bavail > 0 && s.bavail <= s.blocks, s.bfree === s.bavail);',
        "console.log(typeof statfsSync('/', { bigint: true }).bavail);",
        "console.log((await statfs('/')).bsize);",
        "fs.statfs('/', (error, stats) => console.log(error, stats.bsize));",
        "try { statfsSync('/none'); } catch (error) { console.log(error.code); }",
      ].join('\n'),
    });
    const run = await node(vfs, ['main.mjs']);
    expect(run.errors).toBe('');
    expect(run.output).toBe(['4096 true true true', 'bigint', '4096', 'ENOENT', 'null 4096', ''].join('\n'));
  });
});
