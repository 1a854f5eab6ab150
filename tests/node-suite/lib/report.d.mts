// Types for report.mjs, so the TypeScript e2e spec can import it.
import type { FileResult, SuiteRun } from './outcome.mjs';

export interface ModuleRate {
  module: string;
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  rate: number;
}
export function rates(results: FileResult[]): { modules: ModuleRate[]; total: Omit<ModuleRate, 'module'> };
export function causes(results: FileResult[]): { cause: string; files: FileResult[] }[];
export function summaryText(run: SuiteRun, options?: { slowest?: number; topCauses?: number }): string;
export function failingMarkdown(run: SuiteRun): string;
