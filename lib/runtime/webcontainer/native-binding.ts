/**
 * Native-binding failures in a program's output on WebContainer. Vite 8's bundler, Rolldown, has no build for
 * WebContainer's platform but its WebAssembly one, which it installs at run time; that path has broken
 * repeatedly ("Cannot find native binding", ERR_NAPI_BINDING_TARGET_CONFLICT, "Invalid atomic access index").
 * The IDE cannot fix it from outside, so it says what works: the binding pinned to the installed Rolldown's
 * exact version, Vite 7 (which has no Rolldown), or the offline runtime, whose dev server needs no binding.
 */
import type { WebContainerFsLike } from './api-types';
import { toWorkdirPath } from './paths';

const FAILURE = /Cannot find native binding|ERR_NAPI_BINDING_TARGET_CONFLICT|Invalid atomic access index/;
/** Enough of the previous chunk to find a failure text cut between two chunks. */
const CARRY = 64;
/** How much output around the failure is kept to tell whose binding it was. */
const CONTEXT = 4_000;
/** How long after the failure text the output is still read (the stack trace naming the package follows it). */
export const BINDING_CONTEXT_MS = 150;
const ROLLDOWN = /rolldown|vite/i;

/** Feeds a process's output; `failed` turns true once a binding failure was printed. */
export class BindingFailureScanner {
  private tail = '';
  private context = '';
  failed = false;

  /** True for the chunk that completes the first failure text; later output still adds to the context. */
  feed(chunk: string): boolean {
    this.context = (this.context + chunk).slice(-CONTEXT);
    if (this.failed) return false;
    const text = this.tail + chunk;
    this.tail = text.slice(-CARRY);
    if (!FAILURE.test(text)) return false;
    this.failed = true;
    return true;
  }

  /** Whether what was printed around the failure names Rolldown or Vite. */
  mentionsRolldown(): boolean {
    return ROLLDOWN.test(this.context);
  }
}

const decoder = new TextDecoder();

/** The installed Rolldown's version, read from the folder the process ran in (or the workspace root). */
export async function installedRolldownVersion(fs: WebContainerFsLike, cwd = '/'): Promise<string | null> {
  for (const folder of new Set([cwd, '/'])) {
    try {
      const manifest = JSON.parse(decoder.decode(await fs.readFile(toWorkdirPath(`${folder}/node_modules/rolldown/package.json`)))) as {
        version?: unknown;
      };
      if (typeof manifest.version === 'string' && /^[0-9A-Za-z.+-]{1,64}$/.test(manifest.version)) return manifest.version;
    } catch {
      // Not installed here.
    }
  }
  return null;
}

export function rolldownBindingAdvice(version: string | null): string {
  const pin = version
    ? `pin Rolldown's WebAssembly binding to the Rolldown installed here — add "overrides": { "@rolldown/binding-wasm32-wasi": "${version}" } to package.json and run npm install again`
    : 'pin Rolldown\'s WebAssembly binding to the installed Rolldown\'s exact version — add "overrides": { "@rolldown/binding-wasm32-wasi": "<the version in node_modules/rolldown/package.json>" } to package.json and run npm install again';
  return (
    "Vite 8's bundler, Rolldown, could not load its WebAssembly build on WebContainer (a WebContainer problem, " +
    `not your code). To fix it, ${pin}; or use Vite 7 (npm install -D vite@7 and the plugin versions made for it); ` +
    'or switch this workspace to the offline runtime, whose dev server does not need the binding.'
  );
}

export const OTHER_BINDING_ADVICE =
  'A package could not load its native binding on WebContainer, which runs only WebAssembly builds of native ' +
  "code. Install the package's WebAssembly build if it publishes one (a package named like …-wasm32-wasi, at " +
  'the same version), or switch this workspace to the offline runtime.';
