// @vitest-environment jsdom
/** A process that ends on an uncaught exception still runs its 'exit' listeners, with code 1, as Node's does. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe("'exit' after an uncaught exception", () => {
  it('runs the listeners when the main module throws', async () => {
    const vfs = workspace({ '/main.js': "process.on('exit', (code) => console.log('exit', code));\nthrow new Error('main threw');" });
    const run = await node(vfs, ['main.js']);
    expect(run).toMatchObject({ code: 1, output: 'exit 1\n' });
    expect(run.errors).toContain('main threw');
  });
});
