/** Runs contract cases one after another against one runtime, each in its own scratch folder. */
import type { Runtime } from '../port';
import { assert } from './assert';
import { fsCases } from './fs-cases';
import { within } from './helpers';
import { processCases } from './process-cases';
import type { ContractCase, ContractResult } from './types';
import { errorMessage } from '../../error-message';

export const contractCases: readonly ContractCase[] = [...fsCases, ...processCases];

/** Scratch folders live under this workspace folder, removed again after the run. */
const CONTRACT_ROOT = '/contract-tmp';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface RunContractOptions {
  cases?: readonly ContractCase[];
  /** Per case; a hung case fails instead of stalling the whole run. */
  caseTimeoutMs?: number;
  onResult?: (result: ContractResult) => void;
}

export async function runContract(runtime: Runtime, options: RunContractOptions = {}): Promise<ContractResult[]> {
  const cases = options.cases ?? contractCases;
  const timeoutMs = options.caseTimeoutMs ?? 20_000;
  const results: ContractResult[] = [];
  for (const testCase of cases) {
    const dir = `${CONTRACT_ROOT}/${slug(testCase.name)}`;
    const started = performance.now();
    let result: ContractResult;
    try {
      await runtime.fs.rm(dir);
      await within(testCase.run(runtime, { ...assert, dir }), timeoutMs, `case "${testCase.name}"`);
      result = { name: testCase.name, ok: true, ms: Math.round(performance.now() - started) };
    } catch (error) {
      const reason = errorMessage(error);
      result = { name: testCase.name, ok: false, reason, ms: Math.round(performance.now() - started) };
    }
    results.push(result);
    options.onResult?.(result);
  }
  await runtime.fs.rm(CONTRACT_ROOT).catch(() => undefined);
  return results;
}
