// @vitest-environment jsdom
/** A node process's environment in the offline runtime is exactly the one it was started with, as in Node. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('process.env of a started process', () => {
  it('holds only the variables it was given: no NODE_ENV, PATH or HOME added', async () => {
    const vfs = workspace({ '/main.js': 'console.log(JSON.stringify(Object.keys(process.env)), process.env.NODE_ENV);' });
    expect(await node(vfs, ['main.js'])).toMatchObject({ code: 0, output: '[] undefined\n' });
  });
});
