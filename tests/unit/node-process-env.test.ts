import { describe, expect, it } from 'vitest';
import { nodeEnv } from '@/lib/runtime-frame/offline/node/process-env';

describe("process.env as Node's", () => {
  it('keeps every value as a string', () => {
    const env = nodeEnv({});
    env.N = 1 as never;
    env.U = undefined;
    expect(env.N).toBe('1');
    expect(env.U).toBe('undefined');
    expect(() => (env.S = Symbol() as never)).toThrow('Cannot convert a Symbol value to a string');
    expect(Object.getOwnPropertyDescriptor(env, 'N')).toEqual({ value: '1', writable: true, enumerable: true, configurable: true });
  });

  it('takes only plain data descriptors from defineProperty', () => {
    const env = nodeEnv({});
    expect(() => Object.defineProperty(env, 'D', { value: 42 })).toThrow(
      expect.objectContaining({
        code: 'ERR_INVALID_OBJECT_DEFINE_PROPERTY',
        name: 'TypeError',
        message: "'process.env' only accepts a configurable, writable, and enumerable data descriptor",
      }),
    );
    Object.defineProperty(env, 'D', { value: 42, writable: true, enumerable: true, configurable: true });
    expect(env.D).toBe('42');
  });

  it('deletes, answers symbols with undefined and wraps only once', () => {
    const backing: Record<string, string | undefined> = { A: 'a' };
    const env = nodeEnv(backing);
    expect(delete env.A).toBe(true);
    expect(delete env.NOPE).toBe(true);
    expect('A' in backing).toBe(false);
    expect((env as Record<symbol, unknown>)[Symbol.iterator]).toBeUndefined();
    expect(nodeEnv(env)).toBe(env);
    expect({ ...nodeEnv({ X: 'x' }) }).toEqual({ X: 'x' });
  });
});
