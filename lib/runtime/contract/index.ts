/** One contract for every Runtime adapter: run in Vitest (fakes) and on /selftest (real browser). */
export { contractCases, runContract } from './run';
export type { ContractResult } from './types';
