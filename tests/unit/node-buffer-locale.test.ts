import { describe, expect, it } from 'vitest';
import { bufferModule } from '@/lib/runtime-frame/offline/node/buffer';

describe('buffer', () => {
  it("toLocaleString is Node's toString itself", () => {
    const { Buffer } = bufferModule() as { Buffer: typeof globalThis.Buffer };
    expect(Buffer.prototype.toLocaleString).toBe(Buffer.prototype.toString);
    expect(Buffer.from('test').toLocaleString()).toBe('test');
  });
});
