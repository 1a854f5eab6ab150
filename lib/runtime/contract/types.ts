import type { Runtime } from '../port';
import type { Assert } from './assert';

/** What a case gets besides the runtime: assertions and a scratch folder of its own. */
export interface ContractContext extends Assert {
  /** Workspace path of a folder only this case uses; it does not exist when the case starts. */
  readonly dir: string;
}

export interface ContractCase {
  name: string;
  run(runtime: Runtime, t: ContractContext): Promise<void>;
}

export interface ContractResult {
  name: string;
  ok: boolean;
  /** Why it failed; absent for passes. */
  reason?: string;
  ms: number;
}
