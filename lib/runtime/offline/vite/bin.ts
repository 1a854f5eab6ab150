/**
 * Programs the offline runtime runs with its own code instead of the package's file: Vite's bin needs
 * native binaries (rolldown, lightningcss) and worker threads a tab does not have, so
 * `node_modules/vite/bin/vite.js` — what `npm run dev`, `npx vite` and `./node_modules/.bin/vite` run —
 * starts this folder's Vite-compatible server instead.
 */
import type { VirtualFS } from 'almostnode';
import { runViteCli } from './cli';
import { runtimeHost } from './runtime-host';

export interface OwnProgramContext {
  vfs: VirtualFS;
  cwd: string;
  args: readonly string[];
  env: Record<string, string | undefined>;
  require(id: string): unknown;
  write(text: string): void;
}

const VITE_BIN = /\/node_modules\/vite\/bin\/vite\.js$/;

/** The runtime's own implementation of the program at `filename`, or null to run the file as it is. */
export function ownProgramFor(filename: string): ((context: OwnProgramContext) => Promise<void>) | null {
  if (!VITE_BIN.test(filename)) return null;
  return (context) => runViteCli(runtimeHost(context), context.args);
}
