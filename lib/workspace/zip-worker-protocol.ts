/**
 * Messages between the page and the zip import worker. The page sends the chosen file (a Blob: the worker reads
 * it, so the page never holds the archive's bytes) and the limits; the worker answers with progress, then the
 * files or the reason it refused them. Checked on arrival like every message between two threads.
 */
import { z } from 'zod';
import type { ImportedFile, ImportLimits } from './import-rules';

export interface ZipImportRequest {
  file: Blob;
  limits: ImportLimits;
}

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'expected bytes');

export const zipWorkerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), inflatedBytes: z.number().nonnegative() }),
  z.object({ type: z.literal('done'), files: z.array(z.object({ path: z.string(), content: z.union([z.string(), bytes]) })) }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ZipWorkerMessage = z.infer<typeof zipWorkerMessageSchema>;

/** The transferable buffers of a result: moved to the page, not copied. */
export function transferablesOf(files: readonly ImportedFile[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const file of files) if (typeof file.content !== 'string' && file.content.buffer instanceof ArrayBuffer) buffers.add(file.content.buffer);
  return [...buffers];
}
