// The worker's end of the synchronous channel, run in a Node worker thread by sync-channel.test.ts. Each
// message from the test is a list of call bodies; the answers go back as text, one reply per list.
import { parentPort, workerData } from 'node:worker_threads';
import { SyncCaller } from '../../lib/runtime-frame/offline/workers/sync-channel.ts';

const caller = new SyncCaller(workerData.buffer, (message) => parentPort.postMessage(message));
parentPort.on('message', (bodies) => {
  const started = performance.now();
  const answers = bodies.map((body) => caller.call(body));
  parentPort.postMessage({ kind: 'done', answers, ms: performance.now() - started });
});
