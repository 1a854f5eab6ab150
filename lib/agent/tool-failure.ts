/**
 * A tool call's failure as the code that runs the tool throws it: the executor's handlers and the IDE's hooks
 * they call (the preview's logs, a computer-use check) alike. The executor turns it into the `{ name, message }`
 * the model receives (worker/errors.ts). Names are stable so the model (and tests) can branch on them.
 */
export type ToolErrorName =
  | 'InvalidArguments'
  | 'UnknownTool'
  | 'BadPath'
  | 'FileLocked'
  | 'ReadOnly'
  | 'NotFound'
  | 'AlreadyExists'
  | 'IsDirectory'
  | 'BinaryFile'
  | 'NoMatch'
  | 'AmbiguousMatch'
  | 'NoTestRunner'
  | 'SpawnFailed'
  | 'Timeout'
  /** A tool the IDE cannot run right now (preview_check without a preview/computer-use hook). */
  | 'Unavailable'
  | 'InternalError';

export class ToolFailure extends Error {
  constructor(
    readonly errorName: ToolErrorName,
    message: string,
  ) {
    super(message);
    this.name = errorName;
  }
}
