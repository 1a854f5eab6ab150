// Types for run-suite.mjs, so the TypeScript e2e spec can import it.
import type { Browser } from '@playwright/test';
import type { SuiteRun } from './outcome.mjs';

export const DEFAULT_TIMEOUT_MS: number;
export const DEFAULT_PAGES: number;
export function runNodeSuite(options: {
  browser: Browser;
  baseURL: string;
  pages?: number;
  timeoutMs?: number;
  adapt?: boolean;
  filter?: (path: string) => boolean;
  log?: (line: string) => void;
}): Promise<SuiteRun>;
