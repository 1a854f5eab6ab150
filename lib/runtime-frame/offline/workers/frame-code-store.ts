/**
 * The frame's store of compiled-code recipes (compile.ts's SharedCode), one per file system, shared by every
 * process and thread in a worker. The first process to ask for a key is told to build it; whoever asks for the
 * same key meanwhile waits for that build instead of repeating it (a thread pool's workers all load the same
 * large files at once). A build that is never delivered (its process ended or failed) frees the waiters.
 *
 * Entries are kept while they fit a budget, the least recently used going first. Every process of a file
 * system runs that workspace's own code, which may also rewrite the files themselves, so a recipe one process
 * puts gives the others nothing they could not already get.
 */
import type { CodeRecipe } from '../node/compile';
import { perFileSystem } from './per-file-system';

/** Source characters kept (Vite with Rolldown's loader and a framework's compiler use about a tenth of it). */
const BUDGET_CHARS = 96_000_000;
/** How long a waiter trusts a build in progress; a build of the largest compilers takes a few seconds. */
const CLAIM_MS = 30_000;

type Waiter = (recipe: CodeRecipe | undefined) => void;

interface Claim {
  owner: object;
  waiters: Waiter[];
  timer: ReturnType<typeof setTimeout>;
}

const sizeOf = (recipe: CodeRecipe) => recipe.source.length;

export class FrameCodeStore {
  private readonly entries = new Map<string, CodeRecipe>();
  private readonly claims = new Map<string, Claim>();
  private chars = 0;
  private readonly budget: number;

  constructor(budget = BUDGET_CHARS) {
    this.budget = budget;
  }

  /** The recipe kept for `key`, if any, now. */
  peek(key: string): CodeRecipe | undefined {
    const recipe = this.entries.get(key);
    if (recipe) {
      // Most recently used goes last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, recipe);
    }
    return recipe;
  }

  /** The recipe for `key`; or, when `owner` is to build it, undefined at once; or what another's build gives. */
  get(key: string, owner: object): Promise<CodeRecipe | undefined> {
    const recipe = this.peek(key);
    if (recipe) return Promise.resolve(recipe);
    const claim = this.claims.get(key);
    if (claim && claim.owner !== owner) return new Promise((resolve) => claim.waiters.push(resolve));
    if (!claim) this.claims.set(key, { owner, waiters: [], timer: setTimeout(() => this.settle(key, undefined), CLAIM_MS) });
    return Promise.resolve(undefined);
  }

  put(key: string, recipe: CodeRecipe): void {
    if (!this.entries.has(key) && sizeOf(recipe) <= this.budget) {
      this.entries.set(key, recipe);
      this.chars += sizeOf(recipe);
      for (const [oldest, old] of this.entries) {
        if (this.chars <= this.budget) break;
        this.entries.delete(oldest);
        this.chars -= sizeOf(old);
      }
    }
    this.settle(key, recipe);
  }

  release(key: string, owner: object): void {
    if (this.claims.get(key)?.owner === owner) this.settle(key, undefined);
  }

  /** Frees every build `owner` had promised: its process has ended. */
  releaseAll(owner: object): void {
    for (const [key, claim] of this.claims) if (claim.owner === owner) this.settle(key, undefined);
  }

  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }

  private settle(key: string, recipe: CodeRecipe | undefined): void {
    const claim = this.claims.get(key);
    if (!claim) return;
    this.claims.delete(key);
    clearTimeout(claim.timer);
    for (const waiter of claim.waiters) waiter(recipe);
  }
}

/** The store of a file system, made on first use. */
export const frameCodeStore = perFileSystem(() => new FrameCodeStore());
