/**
 * Coordinate math shared by every adapter.
 *
 * Gemini speaks a 0–999 grid whatever the image size: `px = round(clamp(v, 0, 999) / 1000 * size)`, against the
 * preview's live CSS viewport. One deliberate addition to that formula: the result is also capped at `size - 1`,
 * so a point is always inside the viewport (on a 333 px wide viewport, 999 → 332.667 would round to 333, one
 * pixel outside, where `elementFromPoint` returns null). For sizes above 500 the cap never changes the result.
 *
 * Generic / Claude-style sets speak screenshot pixels instead: `fromPixels` scales them from the screenshot's
 * size (when it differs from the viewport, e.g. a downscaled PNG) and clamps them into the viewport.
 */
import type { DisplaySize } from '../types';
import { CoordinateError } from './errors';

const GRID_MAX = 999;
const GRID_SIZE = 1000;
/** Gemini's default scroll magnitude on the 0–999 grid (scroll_document and scroll_at without magnitude). */
export const DEFAULT_SCROLL_MAGNITUDE = 800;

type ScrollDirection = 'up' | 'down' | 'left' | 'right';

export interface Point {
  x: number;
  y: number;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function checkValue(v: number, what: string): void {
  if (typeof v !== 'number' || Number.isNaN(v)) throw new CoordinateError(`${what} must be a number, got ${String(v)}`);
}

/** A viewport dimension must be a finite number ≥ 1 (fractional CSS sizes are fine). */
function checkSize(size: number, what = 'viewport size'): void {
  if (typeof size !== 'number' || !Number.isFinite(size) || size < 1) {
    throw new CoordinateError(`${what} must be a finite number ≥ 1, got ${String(size)}`);
  }
}

export function checkViewport(viewport: DisplaySize): void {
  checkSize(viewport.width, 'viewport width');
  checkSize(viewport.height, 'viewport height');
}

/** Largest pixel index inside a dimension of `size` CSS px. */
function lastPixel(size: number): number {
  return Math.max(0, Math.ceil(size) - 1);
}

/** 0–999 grid value → CSS px: round(clamp(v, 0, 999) / 1000 * size), capped inside the viewport. NaN → error. */
export function denormalize(v: number, size: number): number {
  checkValue(v, 'coordinate');
  checkSize(size);
  const px = Math.round((clamp(v, 0, GRID_MAX) / GRID_SIZE) * size);
  return Math.min(px, lastPixel(size));
}

/** A 0–999 grid point → CSS px of the viewport. */
export function toPoint(point: Point, viewport: DisplaySize): Point {
  return { x: denormalize(point.x, viewport.width), y: denormalize(point.y, viewport.height) };
}

/**
 * Scroll distance in CSS px for a 0–999 magnitude: scaled by the viewport height for up/down and by the width
 * for left/right. Never below 1 px (a magnitude of 0 still moves, minimally; the Action contract needs ≥ 1).
 */
export function scrollAmount(direction: ScrollDirection, magnitude: number = DEFAULT_SCROLL_MAGNITUDE, viewport: DisplaySize): number {
  checkValue(magnitude, 'scroll magnitude');
  const size = direction === 'up' || direction === 'down' ? viewport.height : viewport.width;
  checkSize(size, direction === 'up' || direction === 'down' ? 'viewport height' : 'viewport width');
  return Math.max(1, Math.round((clamp(magnitude, 0, GRID_MAX) / GRID_SIZE) * size));
}

/** One screenshot-pixel coordinate → CSS px: scaled by viewport/screen, rounded, clamped into [0, size - 1]. */
export function pixelToViewport(v: number, screenSize: number, viewportSize: number): number {
  checkValue(v, 'coordinate');
  checkSize(screenSize, 'screenshot size');
  checkSize(viewportSize);
  return clamp(Math.round((v * viewportSize) / screenSize), 0, lastPixel(viewportSize));
}

/** A screenshot-pixel point → CSS px of the viewport (`screen` defaults to the viewport: identity + clamp). */
export function fromPixels(point: Point, viewport: DisplaySize, screen: DisplaySize = viewport): Point {
  return { x: pixelToViewport(point.x, screen.width, viewport.width), y: pixelToViewport(point.y, screen.height, viewport.height) };
}

/** A pixel distance (scroll) in screenshot px → CSS px along one axis; at least 1. */
export function pixelDistance(v: number, screenSize: number, viewportSize: number): number {
  checkValue(v, 'distance');
  checkSize(screenSize, 'screenshot size');
  checkSize(viewportSize);
  return Math.max(1, Math.round((Math.abs(v) * viewportSize) / screenSize));
}
