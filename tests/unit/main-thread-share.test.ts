import { afterEach, describe, expect, it, vi } from 'vitest';
import { MainThreadShare } from '@/lib/main-thread-share';

afterEach(() => vi.restoreAllMocks());

describe('MainThreadShare', () => {
  it('never holds cheap work back, and spaces costly work so it keeps to its share', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const share = new MainThreadShare(0.2);
    expect(share.wait()).toBe(0);
    share.measure(() => (now += 0.2)); // a normal file: a fraction of a millisecond
    expect(share.wait(now)).toBeLessThan(1);
    share.measure(() => (now += 30)); // a multi-megabyte file
    expect(share.wait(now)).toBe(120);
    expect(share.wait(now + 100)).toBe(20);
    expect(share.wait(now + 200)).toBe(0);
  });
});
