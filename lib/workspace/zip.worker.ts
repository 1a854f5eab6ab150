/// <reference lib="webworker" />
/**
 * Reads and inflates a zip off the page's thread: an archive whose headers lie about its sizes must not freeze
 * the IDE while its real bytes are counted, and the page can stop the import at any moment by ending this worker.
 */
import { errorMessage } from '../error-message';
import { importZip } from './zip';
import { transferablesOf, type ZipImportRequest, type ZipWorkerMessage } from './zip-worker-protocol';

/** Progress is posted at most this often: each post costs the page a render. */
const PROGRESS_EVERY_MS = 100;

const post = (message: ZipWorkerMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer);

self.onmessage = async (event: MessageEvent<ZipImportRequest>) => {
  const { file, limits } = event.data;
  let lastPost = 0;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const files = importZip(bytes, limits, (inflatedBytes) => {
      const now = Date.now();
      if (now - lastPost < PROGRESS_EVERY_MS) return;
      lastPost = now;
      post({ type: 'progress', inflatedBytes });
    });
    post({ type: 'done', files }, transferablesOf(files));
  } catch (error) {
    post({ type: 'failed', message: errorMessage(error) });
  }
};
