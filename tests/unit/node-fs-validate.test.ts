// @vitest-environment jsdom
/** `fs` refuses bad arguments with Node's error codes before it touches a file, in all three forms. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('fs argument checks', () => {
  it("throws Node's codes for bad paths, descriptors, callbacks and encodings, and rejects in the promise form", async () => {
    const vfs = workspace({
      '/main.js': [
        "const fs = require('fs');",
        'const tries = [',
        '  () => fs.rmdirSync(1), () => fs.rmdir(null, () => {}), () => fs.readFileSync("a\\u0000b"),',
        '  () => fs.statSync(new URL("https://example.com/")), () => fs.fstatSync(-1), () => fs.exists(__filename),',
        '  () => fs.readFile("/main.js", { encoding: "foo-8" }, () => {}), () => fs.readFile("/main.js"),',
        '];',
        'for (const t of tries) { try { t(); console.log("no error"); } catch (e) { console.log(e.name, e.code); } }',
        "fs.promises.readFile(42.5).catch((e) => console.log('rejected', e.code));",
        "console.log(fs.readFileSync(new URL('file:///main.js'), 'utf8').length > 0, fs.existsSync({}));",
      ].join('\n'),
    });
    expect((await node(vfs, ['main.js'])).output).toBe(
      [
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_VALUE',
        'TypeError ERR_INVALID_URL_SCHEME',
        'RangeError ERR_OUT_OF_RANGE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'TypeError ERR_INVALID_ARG_VALUE',
        'TypeError ERR_INVALID_ARG_TYPE',
        'true false',
        'rejected ERR_OUT_OF_RANGE',
        '',
      ].join('\n'),
    );
  });
});
