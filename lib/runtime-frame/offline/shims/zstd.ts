// just-bash optionally imports a native zstd binding for its `zstd` command; it does not exist in a browser.
export function compress(): never {
  throw new Error('zstd is not available in the offline runtime');
}
export const decompress = compress;
export default { compress, decompress };
