/**
 * The public surface of lib/runtime: the port, choosing and booting a runtime. Adapters are not
 * exported here on purpose; `bootRuntime` loads the chosen one lazily.
 */
export type {
  DirEntry,
  ExportedFiles,
  FsEvent,
  PortEvent,
  PreviewError,
  Runtime,
  RuntimeChoice,
  RuntimeFs,
  RuntimeKind,
  RuntimeProcess,
  SpawnOptions,
  TerminalSize,
  Unsubscribe,
} from './port';
export { RuntimeError } from './port';
export { bootRuntime, NOT_ISOLATED_MESSAGE } from './boot';
export type { BootedRuntime, BootRuntimeOptions, RuntimeFactories } from './boot';
export {
  DEFAULT_BOOT_TIMEOUT_MS,
  MAX_BOOT_TIMEOUT_MS,
  MIN_BOOT_TIMEOUT_MS,
  RUNTIME_STORAGE_KEY,
  resolveBootTimeoutMs,
  resolveRuntimeChoice,
  runtimeChoiceSchema,
} from './choice';
