// @vitest-environment jsdom
/** Descriptors and FileHandles write into the file itself, as a program sees it through every other reader. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

const run = async (lines: string[]) => {
  const vfs = workspace({ '/main.js': lines.join('\n'), '/data.txt': 'hello world' });
  const result = await node(vfs, ['main.js']);
  return { ...result, vfs };
};

describe('fs descriptors', () => {
  it('shows a write through a descriptor to readFileSync before the descriptor is closed', async () => {
    const { output, errors, vfs } = await run([
      "const fs = require('fs');",
      "const fd = fs.openSync('/out.txt', 'w');",
      "fs.writeSync(fd, 'Hello');",
      "console.log(JSON.stringify(fs.readFileSync('/out.txt', 'utf8')));",
      "fs.writeFileSync(fd, 'World');",
      "console.log(JSON.stringify(fs.readFileSync('/out.txt', 'utf8')));",
      "const r = fs.openSync('/data.txt', 'r+');",
      'fs.ftruncateSync(r, 5);',
      "console.log(fs.readFileSync('/data.txt', 'utf8'), fs.fstatSync(r).size);",
      'try { fs.closeSync(12345); } catch (error) { console.log(error.code); }',
      "try { fs.openSync('/missing/x.txt', 'w'); } catch (error) { console.log(error.code); }",
      "try { fs.openSync('/data.txt', 'wx'); } catch (error) { console.log(error.code); }",
    ]);
    expect(errors).toBe('');
    expect(output).toBe(['"Hello"', '"HelloWorld"', 'hello 5', 'EBADF', 'ENOENT', 'EEXIST', ''].join('\n'));
    expect(vfs.readFileSync('/out.txt', 'utf8')).toBe('HelloWorld');
  });

  it('gives FileHandles that emit close, write at their position and stream through their own methods', async () => {
    const { output, errors } = await run([
      "const fs = require('fs');",
      '(async () => {',
      "  const handle = await fs.promises.open('/h.txt', 'w+');",
      "  handle.on('close', () => console.log('closed'));",
      "  await handle.write(Buffer.from('Hello'), 0, 5, null);",
      "  await handle.writeFile('World');",
      "  console.log(fs.readFileSync('/h.txt', 'utf8'));",
      '  const { bytesRead, buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);',
      '  console.log(bytesRead, buffer.toString());',
      '  const original = handle.write; let calls = 0;',
      '  handle.write = function (...args) { calls++; return original.apply(this, args); };',
      '  const stream = handle.createWriteStream();',
      "  stream.end('!');",
      "  await new Promise((resolve) => stream.on('close', resolve));",
      "  console.log(calls, handle.fd, fs.readFileSync('/h.txt', 'utf8'));",
      "  for await (const chunk of fs.createReadStream('/h.txt')) console.log(chunk.length, chunk.buffer.byteLength);",
      '  await handle.stat().catch((error) => console.log(error.code));',
      '})();',
    ]);
    expect(errors).toBe('');
    expect(output).toBe(['HelloWorld', '5 Hello', 'closed', '1 -1 HelloWorld!', '11 11', 'EBADF', ''].join('\n'));
  });

  it("warns once that a file stream's own open() is deprecated, and calls an open() a program put in its place", async () => {
    const { output } = await run([
      "const fs = require('fs');",
      "process.on('warning', (warning) => console.log(warning.code, warning.message));",
      "const s = fs.createWriteStream('/w.txt');",
      's.open(); s.open();',
      "s.once('open', () => { fs.WriteStream.prototype.open = function () { console.log('replaced open'); }; fs.createWriteStream('/v.txt'); });",
    ]);
    expect(output).toBe(['DEP0135 WriteStream.prototype.open() is deprecated', 'replaced open', ''].join('\n'));
  });
});
