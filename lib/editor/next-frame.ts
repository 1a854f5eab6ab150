/** How long to wait for a frame before running anyway: a hidden or throttled page may draw none for seconds. */
const FRAME_FALLBACK_MS = 50;

/**
 * Runs `callback` once, at the next animation frame or after FRAME_FALLBACK_MS, whichever comes first (work that
 * must not wait on the page being drawn, such as handing typed text over for the journal); with `notBeforeMs`,
 * after that many milliseconds instead. Returns a cancel.
 */
export function onNextFrame(callback: () => void, notBeforeMs = 0): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    callback();
  };
  const frame = notBeforeMs <= 0 && typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : null;
  const timer = setTimeout(run, notBeforeMs > 0 ? notBeforeMs : FRAME_FALLBACK_MS);
  function cancel(): void {
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(timer);
  }
  return cancel;
}
