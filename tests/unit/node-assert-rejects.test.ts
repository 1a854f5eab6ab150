import assertPackage from 'assert/';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withReturnValueMessage } from '@/lib/runtime-frame/offline/node/assert-rejects';

const rejects = withReturnValueMessage(assertPackage.rejects as never);
const doesNotReject = withReturnValueMessage(assertPackage.doesNotReject as never);
const lead = 'Expected instance of Promise to be returned from the "promiseFn" function but got';

const packageFunctions = { rejects: assertPackage.rejects, doesNotReject: assertPackage.doesNotReject };
// As in the runtime, the module's own functions are the wrappers.
beforeAll(() => void Object.assign(assertPackage, { rejects, doesNotReject }));
afterAll(() => void Object.assign(assertPackage, packageFunctions));

describe('assert.rejects / doesNotReject when promiseFn returns no promise', () => {
  it("names what came back in Node 22's words", async () => {
    await expect(rejects(() => undefined)).rejects.toMatchObject({ code: 'ERR_INVALID_RETURN_VALUE', name: 'TypeError', message: `${lead} undefined.` });
    await expect(doesNotReject(() => new Map())).rejects.toMatchObject({ message: `${lead} an instance of Map.` });
    await expect(rejects(() => 1)).rejects.toMatchObject({ message: `${lead} type number (1).` });
  });

  it("says 'rejection' where the package would say 'exception'", async () => {
    const mustNotCall = () => false;
    await expect(rejects(async () => undefined, mustNotCall)).rejects.toMatchObject({
      code: 'ERR_ASSERTION',
      message: 'Missing expected rejection (mustNotCall).',
      operator: 'rejects',
    });
    await expect(doesNotReject(async () => Promise.reject(new Error('Failed')))).rejects.toMatchObject({
      message: 'Got unwanted rejection.\nActual message: "Failed"',
    });
    await expect(rejects(async () => undefined, Error, 'mine')).rejects.toMatchObject({ message: 'Missing expected rejection (Error): mine' });
  });

  it('still passes through promises, their outcome and other argument errors', async () => {
    await expect(rejects(async () => Promise.reject(new Error('x')), /x/)).resolves.toBeUndefined();
    await expect(doesNotReject(async () => 'fine')).resolves.toBeUndefined();
    await expect(rejects('fail' as never, {})).rejects.toMatchObject({
      code: 'ERR_INVALID_ARG_TYPE',
      message: 'The "promiseFn" argument must be of type function or an instance of Promise. Received type string (\'fail\')',
    });
    await expect(doesNotReject(123 as never)).rejects.toMatchObject({
      message: 'The "promiseFn" argument must be of type function or an instance of Promise. Received type number (123)',
    });
    expect(rejects.name).toBe('rejects');
  });
});
