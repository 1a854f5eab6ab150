/** One contract for every Runtime adapter: run in Vitest (fakes) and on /selftest (real browser). */
export { assert, ContractFailure } from './assert';
export type { Assert } from './assert';
export { fsCases } from './fs-cases';
export { processCases } from './process-cases';
export { CONTRACT_ROOT, contractCases, runContract } from './run';
export type { RunContractOptions } from './run';
export type { ContractCase, ContractContext, ContractResult } from './types';
