import { describe, expect, it } from 'vitest';
import {
  CoordinateError,
  DEFAULT_SCROLL_MAGNITUDE,
  denormalize,
  fromPixels,
  pixelDistance,
  pixelToViewport,
  scrollAmount,
  toPoint,
} from '@/lib/computer-use/actions';

const VP = { width: 1440, height: 900 };

describe('denormalize (0–999 grid → CSS px)', () => {
  it.each([
    [0, 1440, 0],
    [500, 1440, 720],
    [999, 1440, 1439], // 1438.56 → 1439
    [1000, 1440, 1439], // clamped to 999 first
    [1234, 1440, 1439],
    [-1, 1440, 0],
    [-500, 900, 0],
    [500, 900, 450],
    [333, 900, 300], // 299.7 → 300
    [1, 1440, 1], // 1.44 → 1
    [2, 1000, 2],
    [0.4, 1000, 0], // non-integers: 0.4 → 0
    [0.6, 1000, 1], // 0.6 → 1
    [499.5, 1440, 719], // 719.28 → 719
    [250.25, 800, 200], // 200.2 → 200
    [Infinity, 1440, 1439],
    [-Infinity, 1440, 0],
  ])('denormalize(%s, %s) = %s', (v, size, px) => {
    expect(denormalize(v, size)).toBe(px);
  });

  it('rounds half up (round(v/1000*size))', () => {
    expect(denormalize(125, 100)).toBe(13); // 12.5 → 13
    expect(denormalize(5, 100)).toBe(1); // 0.5 → 1
  });

  it('keeps odd and tiny viewports inside the viewport', () => {
    expect(denormalize(0, 1)).toBe(0);
    expect(denormalize(500, 1)).toBe(0); // 0.5 would round to 1, outside a 1 px viewport
    expect(denormalize(999, 1)).toBe(0);
    expect(denormalize(999, 333)).toBe(332); // 332.667 → 333 is outside; capped at 332
    expect(denormalize(999, 777)).toBe(776);
    expect(denormalize(500, 333)).toBe(167); // 166.5 → 167
    expect(denormalize(500, 777)).toBe(389); // 388.5 → 389
    expect(denormalize(998, 333)).toBe(332); // 332.334
    expect(denormalize(999, 333.5)).toBe(333); // fractional CSS size: last pixel is 333
  });

  it.each([
    [NaN, 1440, /coordinate must be a number/],
    [500, 0, /viewport size must be a finite number ≥ 1/],
    [500, -10, /viewport size/],
    [500, NaN, /viewport size/],
    [500, Infinity, /viewport size/],
    [500, 0.5, /viewport size/],
  ])('denormalize(%s, %s) throws a CoordinateError', (v, size, message) => {
    expect(() => denormalize(v, size)).toThrow(CoordinateError);
    expect(() => denormalize(v, size)).toThrow(message);
  });
});

describe('toPoint', () => {
  it('denormalizes x by width and y by height', () => {
    expect(toPoint({ x: 500, y: 500 }, VP)).toEqual({ x: 720, y: 450 });
    expect(toPoint({ x: 100, y: 900 }, VP)).toEqual({ x: 144, y: 810 });
    expect(toPoint({ x: 1500, y: -20 }, VP)).toEqual({ x: 1439, y: 0 });
  });

  it('handles odd viewports 1×1 and 333×777', () => {
    expect(toPoint({ x: 999, y: 999 }, { width: 1, height: 1 })).toEqual({ x: 0, y: 0 });
    expect(toPoint({ x: 999, y: 999 }, { width: 333, height: 777 })).toEqual({ x: 332, y: 776 });
    expect(toPoint({ x: 300, y: 300 }, { width: 333, height: 777 })).toEqual({ x: 100, y: 233 }); // 99.9, 233.1
  });

  it('rejects an empty viewport', () => {
    expect(() => toPoint({ x: 1, y: 1 }, { width: 0, height: 900 })).toThrow(/viewport size/);
    expect(() => toPoint({ x: 1, y: 1 }, { width: 1440, height: 0 })).toThrow(/viewport size/);
  });
});

describe('scrollAmount (magnitude on the 0–999 grid)', () => {
  it('defaults to magnitude 800', () => {
    expect(DEFAULT_SCROLL_MAGNITUDE).toBe(800);
    expect(scrollAmount('down', undefined, VP)).toBe(720); // 0.8 × 900
  });

  it.each([
    ['up', 800, 720],
    ['down', 800, 720],
    ['left', 800, 1152],
    ['right', 800, 1152],
    ['down', 500, 450],
    ['right', 500, 720],
    ['up', 999, 899], // 899.1
    ['up', 5000, 899], // clamped to 999
    ['left', 999, 1439], // 1438.56
    ['down', 0, 1], // never below 1 px
    ['down', -300, 1],
    ['down', 0.4, 1],
    ['down', 123.4, 111], // 111.06
  ] as const)('%s with magnitude %s on 1440×900 → %s px', (direction, magnitude, px) => {
    expect(scrollAmount(direction, magnitude, VP)).toBe(px);
  });

  it('scales by height for up/down and by width for left/right on odd viewports', () => {
    const odd = { width: 333, height: 777 };
    expect(scrollAmount('down', 800, odd)).toBe(622); // 621.6
    expect(scrollAmount('up', 800, odd)).toBe(622);
    expect(scrollAmount('right', 800, odd)).toBe(266); // 266.4
    expect(scrollAmount('left', 800, odd)).toBe(266);
    expect(scrollAmount('down', 800, { width: 1, height: 1 })).toBe(1);
  });

  it('checks only the axis it scrolls, and rejects NaN and empty sizes', () => {
    expect(scrollAmount('down', 500, { width: 0, height: 900 })).toBe(450);
    expect(() => scrollAmount('left', 500, { width: 0, height: 900 })).toThrow(/viewport width/);
    expect(() => scrollAmount('up', 500, { width: 10, height: 0 })).toThrow(/viewport height/);
    expect(() => scrollAmount('up', NaN, VP)).toThrow(/scroll magnitude must be a number/);
  });
});

describe('pixel coordinates (generic / claude sets)', () => {
  it('is the identity inside the viewport and clamps outside', () => {
    expect(fromPixels({ x: 120, y: 340 }, VP)).toEqual({ x: 120, y: 340 });
    expect(fromPixels({ x: 1440, y: 900 }, VP)).toEqual({ x: 1439, y: 899 });
    expect(fromPixels({ x: -5, y: 99999 }, VP)).toEqual({ x: 0, y: 899 });
    expect(fromPixels({ x: 10.5, y: 10.4 }, VP)).toEqual({ x: 11, y: 10 });
  });

  it('scales from a downscaled screenshot to the viewport', () => {
    expect(fromPixels({ x: 360, y: 225 }, VP, { width: 720, height: 450 })).toEqual({ x: 720, y: 450 });
    expect(pixelToViewport(100, 333, 777)).toBe(233); // 233.33
    expect(pixelDistance(-250, 450, 900)).toBe(500);
    expect(pixelDistance(0, 450, 900)).toBe(1);
  });

  it('rejects NaN and empty sizes', () => {
    expect(() => pixelToViewport(NaN, 100, 100)).toThrow(CoordinateError);
    expect(() => pixelToViewport(1, 0, 100)).toThrow(/screenshot size/);
    expect(() => pixelToViewport(1, 100, 0)).toThrow(/viewport size/);
  });
});
