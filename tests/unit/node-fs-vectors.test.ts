// @vitest-environment jsdom
/** Vectored reads and writes, truncate by descriptor, watchFile, and 'beforeExit', as a program sees them. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('fs vectors and watchers', () => {
  it('writes and reads several buffers at once, truncates by descriptor with a warning, and stops a watchFile poller', async () => {
    const vfs = workspace({
      '/main.js': [
        "const fs = require('fs');",
        "const fd = fs.openSync('/out.txt', 'w+');",
        "console.log(fs.writevSync(fd, [Buffer.from('hello '), Buffer.from('world')], 0));",
        'const a = Buffer.alloc(5); const b = Buffer.alloc(6);',
        'console.log(fs.readvSync(fd, [a, b], 0), a.toString(), b.toString());',
        "process.on('warning', (w) => console.log(w.name, w.code));",
        'fs.truncate(fd, 5, (error) => {',
        "  fs.closeSync(fd); console.log(error, fs.readFileSync('/out.txt', 'utf8'));",
        "  const watcher = fs.watchFile('/out.txt', () => console.log('changed'));",
        "  watcher.on('stop', () => console.log('stopped'));",
        "  fs.unwatchFile('/out.txt');",
        '});',
        "process.once('beforeExit', () => { console.log('beforeExit'); setTimeout(() => console.log('more work'), 5); });",
        "const { promisify } = require('util');",
        "const rfd = fs.openSync('/main.js', 'r');",
        "promisify(fs.read)(rfd, { position: 0 }).then(({ bytesRead, buffer }) => console.log('read', bytesRead > 0, buffer.length));",
        "promisify(fs.exists)('/main.js').then((found) => console.log('exists', found));",
      ].join('\n'),
    });
    const run = await node(vfs, ['main.js']);
    expect(run.output).toBe(
      ['11', '11 hello  world', 'DeprecationWarning DEP0081', 'null hello', 'read true 16384', 'exists true', 'stopped', 'beforeExit', 'more work', ''].join(
        '\n',
      ),
    );
  });
});
