// Browser stand-in for node:zlib, used only by just-bash's gzip commands inside almostnode.
import pako from 'pako';

export const gzipSync = (data: Uint8Array) => pako.gzip(data);
export const gunzipSync = (data: Uint8Array) => pako.ungzip(data);
export const deflateSync = (data: Uint8Array) => pako.deflate(data);
export const inflateSync = (data: Uint8Array) => pako.inflate(data);
export const deflateRawSync = (data: Uint8Array) => pako.deflateRaw(data);
export const inflateRawSync = (data: Uint8Array) => pako.inflateRaw(data);
export const constants = {};
export default { gzipSync, gunzipSync, deflateSync, inflateSync, deflateRawSync, inflateRawSync, constants };
