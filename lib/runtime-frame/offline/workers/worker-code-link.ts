/**
 * A process worker's end of the frame's code store (frame-code-store.ts): asking is a synchronous call, since
 * modules are compiled inside a synchronous require; giving a recipe back is a plain message.
 */
import type { CodeRecipe, SharedCode } from '../node/compile';
import type { SyncBody, WorkerMessage } from './protocol';
import { decodeAnswer } from './wire';

export function workerCodeLink(call: (body: SyncBody) => Uint8Array, post: (message: WorkerMessage) => void): SharedCode {
  return {
    get: (key) => decodeAnswer(call({ op: 'code-get', key })) as CodeRecipe | undefined,
    put: (key, recipe) => post({ type: 'code-put', key, recipe }),
    release: (key) => post({ type: 'code-release', key }),
  };
}
