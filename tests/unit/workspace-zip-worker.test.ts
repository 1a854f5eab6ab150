import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCELLED_MESSAGE, importZipFile } from '@/lib/workspace/zip-import-client';
import { importZip } from '@/lib/workspace/zip';

/** A stand-in for the page's Worker: records what the page sends, lets the test answer, and notes termination. */
class FakeWorker {
  static last: FakeWorker | null = null;
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  sent: unknown[] = [];
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.onmessage?.({ data } as MessageEvent<unknown>);
  }
}

function withFakeWorker(): () => FakeWorker {
  vi.stubGlobal('window', {});
  vi.stubGlobal('Worker', FakeWorker);
  return () => {
    if (!FakeWorker.last) throw new Error('no worker was started');
    return FakeWorker.last;
  };
}

const archive = () => new Blob([zipSync({ 'a.txt': strToU8('A'), 'b/c.txt': strToU8('C') })]);

describe('zip import off the page thread', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.last = null;
  });

  it('hands the file to a worker, passes its progress on and takes its files', async () => {
    const worker = withFakeWorker();
    const progress: number[] = [];
    const file = archive();
    const result = importZipFile(file, { onProgress: (bytes) => progress.push(bytes) });
    expect(worker().sent).toEqual([{ file, limits: {} }]);
    worker().answer({ type: 'progress', inflatedBytes: 1_048_576 });
    worker().answer({ type: 'done', files: [{ path: '/a.txt', content: 'A' }] });
    await expect(result).resolves.toEqual([{ path: '/a.txt', content: 'A' }]);
    expect(progress).toEqual([1_048_576]);
    expect(worker().terminated).toBe(true);
  });

  it('ends the worker at once when cancelled, and says nothing was imported', async () => {
    const worker = withFakeWorker();
    const controller = new AbortController();
    const result = importZipFile(archive(), { signal: controller.signal });
    worker().answer({ type: 'progress', inflatedBytes: 10 });
    controller.abort();
    await expect(result).rejects.toThrow(CANCELLED_MESSAGE);
    expect(worker().terminated).toBe(true);
  });

  it("passes the worker's refusal on in its own words, and refuses a malformed answer", async () => {
    const worker = withFakeWorker();
    const refused = importZipFile(archive());
    worker().answer({ type: 'failed', message: 'Too large: more than 100 MB of files once inflated (the limit). Nothing was imported.' });
    await expect(refused).rejects.toThrow(/^Too large: more than 100 MB/);
    const malformed = importZipFile(archive());
    worker().answer({ type: 'done', files: [{ path: '/a.txt', content: 42 }] });
    await expect(malformed).rejects.toThrow('malformed');
  });

  it('imports on this thread where no worker can start', async () => {
    const files = await importZipFile(archive());
    expect(files.map((file) => file.path)).toEqual(['/a.txt', '/b/c.txt']);
  });
});

describe('counting real inflated bytes', () => {
  it('reports the bytes inflated so far, as they grow', () => {
    const seen: number[] = [];
    const files = importZip(zipSync({ 'big.bin': new Uint8Array(200_000) }), {}, (bytes) => seen.push(bytes));
    expect(files).toHaveLength(1);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(200_000);
  });

  it('stops a lying entry after inflating a bounded amount, not what it really holds', () => {
    // 64 MB of zeros whose headers claim 100 bytes: refused within the first slice's worth of output.
    const zip = zipSync({ 'big.bin': new Uint8Array(64 * 1024 * 1024) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = 0; at + 4 <= zip.length; at++) {
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 100, true);
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 100, true);
    }
    const seen: number[] = [];
    expect(() => importZip(zip, {}, (bytes) => seen.push(bytes))).toThrow(/entry big\.bin inflates to more than the 100 bytes its header declares/);
    expect(Math.max(0, ...seen)).toBeLessThan(20 * 1024 * 1024);
  });
});
