// @vitest-environment jsdom
/** fs.watch's encodings and events, fs.promises.watch, readdir's encodings and rmdir's recursive option. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('fs watchers and folders', () => {
  it('reports watched names in the encoding asked for and ends promise watchers on abort', async () => {
    const vfs = workspace({
      '/w/keep.txt': '',
      '/main.js': [
        "const fs = require('fs');",
        "const watcher = fs.watch('/w', { encoding: 'hex' }, (event, name) => { console.log(event, name); watcher.close(); });",
        "watcher.on('close', () => console.log('closed'));",
        "fs.writeFileSync('/w/a', 'x');",
        '(async () => {',
        '  const ac = new AbortController();',
        "  setTimeout(() => fs.writeFileSync('/w/b.txt', 'y'), 5);",
        "  for await (const { eventType, filename } of fs.promises.watch('/w', { signal: ac.signal })) { console.log(eventType, filename); ac.abort(); }",
        '})().catch((error) => {',
        '  console.log(error.name, error.code);',
        "  console.log(fs.readdirSync('/w', 'hex').join(' '), fs.readdirSync('/w', { encoding: 'buffer' })[0] instanceof Buffer);",
        "  process.on('warning', (warning) => console.log(warning.code));",
        "  try { fs.rmdirSync('/missing', { recursive: true }); } catch (e) { console.log(e.code); }",
        "  fs.rmdirSync('/w', { recursive: true });",
        "  setTimeout(() => console.log(fs.existsSync('/w')), 5);",
        '});',
      ].join('\n'),
    });
    const run = await node(vfs, ['main.js']);
    expect(run.output).toBe(
      ['rename 61', 'closed', 'rename b.txt', 'AbortError ABORT_ERR', '6b6565702e747874 61 622e747874 true', 'ENOENT', 'DEP0147', 'false', ''].join('\n'),
    );
  });
});
