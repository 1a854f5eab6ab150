/**
 * Imports a zip the user chose, in a worker of its own: reading and inflating never run on the page's thread,
 * and cancelling ends the worker at once, however far it got. Where the page cannot start a module worker
 * (tests, very old browsers) the same code runs here instead.
 */
import type { ImportedFile, ImportLimits } from './import-rules';
import { zipWorkerMessageSchema } from './zip-worker-protocol';

export interface ZipImportOptions {
  limits?: ImportLimits;
  /** Bytes inflated so far (real bytes, whatever the archive's headers claim). */
  onProgress?: (inflatedBytes: number) => void;
  /** Aborting ends the worker; the promise rejects with a `cancelled` error. */
  signal?: AbortSignal;
}

export const CANCELLED_MESSAGE = 'The import was cancelled. Nothing was imported.';

const cancelled = () => new DOMException(CANCELLED_MESSAGE, 'AbortError');

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined' || typeof window === 'undefined') return null;
  try {
    return new Worker(new URL('./zip.worker.ts', import.meta.url), { type: 'module', name: 'zip-import' });
  } catch {
    return null;
  }
}

async function importHere(file: Blob, options: ZipImportOptions): Promise<ImportedFile[]> {
  const { importZip } = await import('./zip');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (options.signal?.aborted) throw cancelled();
  return importZip(bytes, options.limits, options.onProgress);
}

export function importZipFile(file: Blob, options: ZipImportOptions = {}): Promise<ImportedFile[]> {
  if (options.signal?.aborted) return Promise.reject(cancelled());
  const worker = startWorker();
  if (!worker) return importHere(file, options);
  return new Promise<ImportedFile[]>((resolve, reject) => {
    const finish = (settle: () => void) => {
      worker.terminate();
      options.signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(cancelled()));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<unknown>) => {
      const parsed = zipWorkerMessageSchema.safeParse(event.data);
      if (!parsed.success) return finish(() => reject(new Error('The zip import worker sent a malformed answer.')));
      const message = parsed.data;
      if (message.type === 'progress') options.onProgress?.(message.inflatedBytes);
      else if (message.type === 'done') finish(() => resolve(message.files));
      else finish(() => reject(new Error(message.message)));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(() => reject(new Error(`The zip import worker failed: ${event.message || 'it could not start'}.`)));
    };
    worker.postMessage({ file, limits: options.limits ?? {} });
  });
}
