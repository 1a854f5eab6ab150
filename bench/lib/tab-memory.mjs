// The tab's memory as the browser itself measures it: performance.measureUserAgentSpecificMemory(), which needs a
// cross-origin isolated document (the bench page and the runtime frame both are). Chromium measures the calling
// document's process only, and the runtime frame is another site (so another process): the page and the frame
// (with its workers) are measured each in its own document and added up. Chromium answers after its next garbage
// collection, so a sample can take up to ~20 s.

import { existsSync, readdirSync, readFileSync } from 'node:fs';

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

/**
 * Proportional set size (PSS, MB) of all of Chromium's renderer processes on this machine (Linux: /proc), or null
 * elsewhere. For a browser showing one bench page, that is the page, its runtime frame with its workers, and the
 * preview: the memory the tab really holds. measureUserAgentSpecificMemory() counts a shared WebAssembly memory
 * at its full size in every worker that holds it (Rolldown reserves 1 GiB, shared by its threads), so it reports
 * gigabytes no process holds.
 */
export function rendererPssMB() {
  if (!existsSync('/proc/self/smaps_rollup')) return null;
  let kB = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('--type=renderer')) continue;
      kB += Number(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m)?.[1] ?? 0);
    } catch {
      // The process ended while it was read.
    }
  }
  return kB / 1024;
}
