// The tab's memory as the browser itself measures it: performance.measureUserAgentSpecificMemory(), which needs a
// cross-origin isolated document (the bench page and the runtime frame both are). Chromium measures the calling
// document's process only, and the runtime frame is another site (so another process): the page and the frame
// (with its workers) are measured each in its own document and added up. Chromium answers after its next garbage
// collection, so a sample can take up to ~20 s.

const MEASURE_TIMEOUT_MS = 90_000;

/** Runs in the page: the browser's own figure, in bytes, or why there is none. */
async function measureTab(timeoutMs) {
  if (!window.crossOriginIsolated || !('measureUserAgentSpecificMemory' in performance)) {
    return { unavailable: `measureUserAgentSpecificMemory is not available (crossOriginIsolated=${window.crossOriginIsolated})` };
  }
  const measurement = performance.measureUserAgentSpecificMemory();
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const result = await Promise.race([measurement, timeout]);
  if (!result) return { unavailable: `no answer within ${timeoutMs / 1000} s` };
  return { bytes: result.bytes };
}

const MB = 1024 * 1024;

/** The page's and its runtime frame's figures, in MB, or why there are none. */
export async function measureBoth(page) {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/runtime-frame');
  if (!frame) return { unavailable: 'the bench page has no runtime frame' };
  const [inPage, inFrame] = await Promise.all([page.evaluate(measureTab, MEASURE_TIMEOUT_MS), frame.evaluate(measureTab, MEASURE_TIMEOUT_MS)]);
  const unavailable = inPage.unavailable ?? inFrame.unavailable;
  if (unavailable) return { unavailable };
  return { page: inPage.bytes / MB, frame: inFrame.bytes / MB };
}

