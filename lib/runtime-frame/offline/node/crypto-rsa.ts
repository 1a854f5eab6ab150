/**
 * publicEncrypt, privateDecrypt, privateEncrypt and publicDecrypt: RSA with OAEP (SHA-1 unless `oaepHash`
 * says otherwise, as in Node), PKCS#1 v1.5 or no padding, through node-forge.
 */
import forge from 'node-forge';
import type { RsaKey } from './crypto-key-codec';
import { fromBinary, toBinary } from './crypto-der';
import { forgeDigest, hashInfo } from './crypto-hashes';
import type { BufferClass, KeyApi } from './crypto-keys';
import { forgeRsa, forgeRsaRaw, RSA_NO_PADDING, RSA_PKCS1_OAEP_PADDING, RSA_PKCS1_PADDING } from './crypto-sign';
import { invalidArgType, nodeError } from './node-errors';

interface RsaOptions {
  padding?: number;
  oaepHash?: string;
  oaepLabel?: ArrayBufferView;
}

const optionsOf = (key: unknown): RsaOptions =>
  typeof key === 'object' && key !== null && !ArrayBuffer.isView(key) && 'key' in key ? (key as RsaOptions) : {};

function rsaOf(key: ReturnType<KeyApi['anyKeyOf']>): RsaKey {
  if (key.kind !== 'rsa')
    throw nodeError(
      Error,
      'ERR_OSSL_EVP_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE',
      'error:03000096:digital envelope routines::operation not supported for this keytype',
    );
  return key;
}

function schemeOf(options: RsaOptions, fallback: number): { scheme: 'RSA-OAEP' | 'RSAES-PKCS1-V1_5' | 'RAW'; extra?: object } {
  const padding = options.padding ?? fallback;
  if (padding === RSA_PKCS1_OAEP_PADDING) {
    const md = forgeDigest(hashInfo(options.oaepHash ?? 'sha1'));
    const label = options.oaepLabel
      ? toBinary(new Uint8Array(options.oaepLabel.buffer, options.oaepLabel.byteOffset, options.oaepLabel.byteLength))
      : undefined;
    return { scheme: 'RSA-OAEP', extra: { md, mgf1: { md: forgeDigest(hashInfo(options.oaepHash ?? 'sha1')) }, label } };
  }
  if (padding === RSA_PKCS1_PADDING) return { scheme: 'RSAES-PKCS1-V1_5' };
  if (padding === RSA_NO_PADDING) return { scheme: 'RAW' };
  throw nodeError(Error, 'ERR_OSSL_RSA_UNKNOWN_PADDING_TYPE', 'error:1C8000A5:Provider routines::unknown padding type');
}

const decryptFailed = () => nodeError(Error, 'ERR_OSSL_RSA_OAEP_DECODING_ERROR', 'error:02000079:rsa routines::oaep decoding error');

export function rsaFunctions(Buffer: BufferClass, keys: KeyApi) {
  const bytes = (data: unknown, encoding?: string): string => {
    if (typeof data === 'string') return toBinary(Buffer.from(data, encoding ?? 'utf8'));
    if (ArrayBuffer.isView(data)) return toBinary(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    throw invalidArgType('buffer', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
  };
  const encoding = (key: unknown) => (optionsOf(key) as { encoding?: string }).encoding;
  return {
    publicEncrypt(key: unknown, buffer: unknown) {
      const rsa = forge.pki.setRsaPublicKey(
        ...(({ n, e }) => [new forge.jsbn.BigInteger(n.toString(16), 16), new forge.jsbn.BigInteger(e.toString(16), 16)] as const)(rsaOf(keys.anyKeyOf(key))),
      );
      const { scheme, extra } = schemeOf(optionsOf(key), RSA_PKCS1_OAEP_PADDING);
      return Buffer.from(fromBinary(rsa.encrypt(bytes(buffer, encoding(key)), scheme, extra)));
    },
    privateDecrypt(key: unknown, buffer: unknown) {
      const rsa = forgeRsa(rsaOf(keys.privateKeyOf(key))) as forge.pki.rsa.PrivateKey;
      const { scheme, extra } = schemeOf(optionsOf(key), RSA_PKCS1_OAEP_PADDING);
      try {
        return Buffer.from(fromBinary(rsa.decrypt(bytes(buffer, encoding(key)), scheme, extra)));
      } catch {
        throw decryptFailed();
      }
    },
    // Signing-style padding (block type 1): the private key encrypts, the public key recovers.
    privateEncrypt(key: unknown, buffer: unknown) {
      const rsa = forgeRsa(rsaOf(keys.privateKeyOf(key)));
      const padding = optionsOf(key).padding ?? RSA_PKCS1_PADDING;
      return Buffer.from(fromBinary(forgeRsaRaw.encrypt(bytes(buffer, encoding(key)), rsa, padding === RSA_NO_PADDING ? false : 0x01)));
    },
    publicDecrypt(key: unknown, buffer: unknown) {
      const { n, e } = rsaOf(keys.anyKeyOf(key));
      const rsa = forge.pki.setRsaPublicKey(new forge.jsbn.BigInteger(n.toString(16), 16), new forge.jsbn.BigInteger(e.toString(16), 16));
      const padding = optionsOf(key).padding ?? RSA_PKCS1_PADDING;
      return Buffer.from(fromBinary(forgeRsaRaw.decrypt(bytes(buffer, encoding(key)), rsa, true, padding !== RSA_NO_PADDING)));
    },
  };
}
