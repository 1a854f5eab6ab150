/**
 * The frame's answers to a worker's synchronous calls: a VirtualFS method (only its *Sync methods, the ones a
 * call can name), binding a port in the frame's port table, running a child process to its end for
 * execSync/spawnSync, or a compiled-code recipe other processes built. Every answer is encoded for the shared buffer (wire.ts); a failure travels as the error.
 */
import type { VirtualFS } from 'almostnode';
import { InputChannel, type CommandIO } from '../process';
import type { FrameCodeStore } from './frame-code-store';
import type { WorkerPorts } from './frame-ports';
import { syncBodySchema, type SyncBody } from './protocol';
import { encodeError, encodeValue, encodeValueParts, type WireAnswer } from './wire';

interface SyncContext {
  vfs: VirtualFS;
  ports: Pick<WorkerPorts, 'bind' | 'listening'>;
  runArgv(words: readonly string[], io: CommandIO): Promise<number>;
  runLine(line: string, io: CommandIO): Promise<number>;
  /** Children run for execSync; aborted when the calling process ends. */
  controllers: Set<AbortController>;
  code: FrameCodeStore;
  /** The calling process, as the code store's claims name it. */
  caller: object;
}

async function runToEnd(body: Extract<SyncBody, { op: 'spawn-sync' }>, context: SyncContext) {
  const controller = new AbortController();
  context.controllers.add(controller);
  const stdin = new InputChannel();
  if (body.input !== undefined) stdin.push(body.input);
  stdin.end();
  let stdout = '';
  let stderr = '';
  const io: CommandIO = {
    cwd: body.cwd,
    env: body.env,
    signal: controller.signal,
    stdin,
    write: (text) => void (stdout += text),
    writeError: (text) => void (stderr += text),
    stdoutIsTerminal: false,
  };
  const timer = body.timeout && body.timeout > 0 ? setTimeout(() => controller.abort('SIGTERM'), body.timeout) : undefined;
  try {
    const status = await ('argv' in body.command ? context.runArgv(body.command.argv, io) : context.runLine(body.command.line, io));
    return { status, stdout, stderr };
  } finally {
    clearTimeout(timer);
    context.controllers.delete(controller);
  }
}

/** One VirtualFS call, answered for the wire (a file's bytes as they are: see WireAnswer). */
export function answerVfs(vfs: VirtualFS, method: string, args: unknown[]): WireAnswer {
  try {
    const fn = (vfs as unknown as Record<string, unknown>)[method];
    if (typeof fn !== 'function') throw Object.assign(new Error(`fs.${method} is not available in this runtime`), { code: 'ERR_METHOD_NOT_IMPLEMENTED' });
    return encodeValueParts((fn as (...args: unknown[]) => unknown).apply(vfs, args));
  } catch (error) {
    return encodeError(error);
  }
}

export async function answerSync(raw: unknown, context: SyncContext): Promise<WireAnswer> {
  try {
    const body = syncBodySchema.parse(raw);
    if (body.op === 'vfs') return answerVfs(context.vfs, body.method, body.args);
    if (body.op === 'port-bind') return encodeValue(context.ports.bind(body.port));
    if (body.op === 'port-listening') return encodeValue(context.ports.listening(body.port));
    if (body.op === 'code-get') return encodeValue(await context.code.get(body.key, context.caller));
    return encodeValue(await runToEnd(body, context));
  } catch (error) {
    return encodeError(error);
  }
}
