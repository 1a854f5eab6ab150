// @vitest-environment jsdom
/** async_hooks.createHook as a node process of the offline runtime sees it for the resources it can observe. */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

describe('async_hooks.createHook', () => {
  it('calls init, before, after and queued destroy hooks for AsyncResources while enabled', async () => {
    const vfs = workspace({
      '/main.js': `
const ah = require('async_hooks');
const seen = [];
const hook = ah.createHook({
  init: (id, type, trigger, resource) => type === 'job' && seen.push('init ' + (resource instanceof ah.AsyncResource) + ' ' + trigger),
  before: (id) => id === job.asyncId() && seen.push('before'),
  after: (id) => id === job.asyncId() && seen.push('after'),
  destroy: (id) => {
    if (id === job.asyncId()) seen.push('destroy job', other.emitDestroy() === other);
    if (id === other.asyncId()) seen.push('destroy other');
  },
}).enable();
const job = new ah.AsyncResource('job');
const other = new ah.AsyncResource('job');
job.runInAsyncScope(() => seen.push('in ' + (ah.executionAsyncId() === job.asyncId()) + ' ' + (ah.executionAsyncResource() === job)));
seen.push('out ' + ah.executionAsyncId());
job.emitDestroy();
seen.push('sync end');
setTimeout(() => {
  hook.disable();
  new ah.AsyncResource('job').runInAsyncScope(() => seen.push('disabled'));
  console.log(seen.join(', '));
}, 100);
try { ah.createHook({ init: 1 }); } catch (e) { console.log(e.code, e.message); }
`,
    });
    expect((await node(vfs, ['main.js'])).output).toBe(
      'ERR_ASYNC_CALLBACK hook.init must be a function\n' +
        'init true 1, init true 1, before, in true true, after, out 1, sync end, destroy job, true, destroy other, disabled\n',
    );
  });
});
