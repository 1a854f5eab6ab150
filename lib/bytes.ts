/** A new buffer holding `chunks` in order; `size` is their total length when the caller has counted it. */
export function concatBytes(chunks: readonly Uint8Array[], size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
