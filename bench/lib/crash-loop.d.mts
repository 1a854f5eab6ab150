// Types for crash-loop.mjs, so TypeScript tests can import it.
import type { BrowserContext, Page } from '@playwright/test';

export type KillKind = 'typing' | 'save';
export interface CrashLoopResult {
  runs: number;
  kills: number;
  /** One line per file whose stored text was not what was shown as saved (or the save under way). */
  losses: string[];
  /** Kills after which the typed text came back (from the file or the unsaved-text journal). */
  typedBack: number;
  /** Save kills that came after the tab had shown the file as saved. */
  shownSaved: number;
  conflicts: number;
}
export interface CrashLoopOptions {
  baseURL: string;
  runs: number;
  seed: number;
  delayFor?: (run: number, kind: KillKind, random: () => number) => number;
  log?: (line: string) => void;
}
export const MAX_KILL_DELAY_MS: number;
export function seededRandom(seed: number): () => number;
export function profileProcesses(profile: string): number[];
export function killBrowser(profile: string): void;
export function launchProfile(profile: string, baseURL: string): Promise<{ context: BrowserContext; page: Page }>;
export function runCrashLoop(options: CrashLoopOptions): Promise<CrashLoopResult>;
