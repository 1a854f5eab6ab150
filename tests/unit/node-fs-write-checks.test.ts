// @vitest-environment jsdom
/**
 * fs's write/read argument checks and the `flush` option of writeFile/appendFile, as a program sees them: bad
 * offsets, lengths, buffers, options and owner ids throw Node's codes before anything is written, and a flushed
 * write syncs the file through the module's own fsync.
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('fs write checks', () => {
  it("throws Node's codes for bad write/read/writev/chown arguments and flush options", async () => {
    const vfs = workspace({
      '/main.js': [
        "const fs = require('fs');",
        "const fd = fs.openSync('/out.txt', 'w+');",
        "const buf = Buffer.from('zyx');",
        'const tries = [',
        '  () => fs.writeSync(fd, buf, { length: 5 }), () => fs.writeSync(fd, buf, -1), () => fs.write(fd, {}, {}, () => {}),',
        '  () => fs.write(fd, buf, true, () => {}), () => fs.readSync(fd, buf, false), () => fs.writevSync(fd, ["a"]),',
        "  () => fs.chownSync('/out.txt', 'root', 1), () => fs.writeFileSync('/f.txt', 'x', { flush: 1 }),",
        "  () => fs.watch('a\\u0000b', () => {}), () => fs.readFileSync(new URL('file:///a%00b')),",
        '];',
        'for (const t of tries) { try { t(); console.log("no error"); } catch (e) { console.log(e.name, e.code); } }',
        'const written = fs.writeSync(fd, buf, { offset: 1 });',
        'fs.closeSync(fd);',
        'console.log(written, fs.readFileSync("/out.txt", "utf8"));',
        'let synced = 0;',
        'const fsyncSync = fs.fsyncSync;',
        'fs.fsyncSync = (d) => { synced += 1; return fsyncSync(d); };',
        "fs.writeFileSync('/f.txt', 'data', { flush: true }); fs.appendFileSync('/f.txt', '!', { flush: null });",
        "console.log(synced, fs.readFileSync('/f.txt', 'utf8'));",
      ].join('\n'),
    });
    expect((await node(vfs, ['main.js'])).output).toBe(
      [
        'RangeError ERR_OUT_OF_RANGE',
        'RangeError ERR_OUT_OF_RANGE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_VALUE',
        'TypeError ERR_INVALID_ARG_VALUE',
        '2 yx',
        '1 data!',
        '',
      ].join('\n'),
    );
  });
});
