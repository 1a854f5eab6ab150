'use client';

import type { LastScreenshot } from '@/lib/computer-use/session';
import styles from './computer-use.module.css';

/**
 * The screenshot the model saw last, with a crosshair where the last pointer action landed. `at` is in CSS px
 * of the preview's viewport; as a percentage of that viewport it lands on the same spot of the image at any
 * displayed size (the PNG may be downscaled, and the panel shrinks it to fit).
 */
export function ScreenshotView({ last, step }: { last: LastScreenshot; step: number }) {
  const { screenshot, at } = last;
  const { viewport } = screenshot;
  const marker =
    at && viewport.width > 0 && viewport.height > 0
      ? { left: `${clampPercent(at.x / viewport.width)}%`, top: `${clampPercent(at.y / viewport.height)}%` }
      : undefined;
  return (
    <figure className={styles.screen}>
      <div className={styles.frame}>
        {/* A data: URL of the bridge's PNG (next/image has nothing to optimise there). */}
        <img
          src={`data:${screenshot.mimeType};base64,${screenshot.base64}`}
          alt={`What the model saw at step ${step}`}
          width={screenshot.width}
          height={screenshot.height}
        />
        {marker && (
          <span className={styles.marker} style={marker} role="img" aria-label={`Last action at (${at?.x}, ${at?.y})`} data-testid="computer-use-marker" />
        )}
      </div>
      <figcaption className={styles.caption}>
        {screenshot.url} · viewport {viewport.width}×{viewport.height}
        {screenshot.width !== viewport.width ? ` (image ${screenshot.width}×${screenshot.height})` : ''}
      </figcaption>
    </figure>
  );
}

const clampPercent = (ratio: number) => Math.min(100, Math.max(0, ratio * 100));
