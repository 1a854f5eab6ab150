/**
 * Fakes for the executor tests: scripted processes on the in-memory runtime (which does not model spawn),
 * and a started executor + client pair on a fresh tab id over a real BroadcastChannel.
 */
import type { AuditEntry } from '@/lib/agent/audit';
import { createToolClient, type ToolClient } from '@/lib/agent/tool-client';
import type { RuntimeProcess, TerminalSize } from '@/lib/runtime/port';
import { startExecutor, type Executor, type ExecutorOptions } from '@/worker/executor';
import { setupStore, type StoreSetup } from './fakes/workspace-store-setup';

class ScriptedProcess implements RuntimeProcess {
  readonly output: ReadableStream<string>;
  readonly exit: Promise<number>;
  killed = false;
  ended = false;
  private controller!: ReadableStreamDefaultController<string>;
  private resolveExit!: (code: number) => void;

  constructor(
    readonly id: number,
    readonly command: string,
    /** false models a process that ignores kill (its exit never arrives). */
    private readonly exitOnKill = true,
  ) {
    this.output = new ReadableStream<string>({ start: (controller) => void (this.controller = controller) });
    this.exit = new Promise<number>((resolve) => (this.resolveExit = resolve));
  }

  print(text: string) {
    if (!this.ended) this.controller.enqueue(text);
  }

  end(code: number) {
    if (this.ended) return;
    this.ended = true;
    this.controller.close();
    this.resolveExit(code);
  }

  write(): void {}

  kill() {
    this.killed = true;
    if (this.exitOnKill) this.end(130);
  }

  resize(size: TerminalSize): void {
    void size;
  }
}

/** What a scripted command does once spawned: print, end, or keep running. */
export type Script = (process: ScriptedProcess, line: string) => void;

export interface Harness extends StoreSetup {
  executor: Executor;
  client: ToolClient;
  spawned: ScriptedProcess[];
  audits: AuditEntry[];
  background: { process: RuntimeProcess; cmd: string }[];
  call(name: string, args: unknown): Promise<{ content?: unknown; error?: { name: string; message: string } }>;
  dispose(): void;
}

let calls = 0;

export async function startHarness(
  files: Record<string, string | Uint8Array>,
  script: Script = (process) => process.end(0),
  options: Partial<ExecutorOptions> & { exitOnKill?: boolean } = {},
): Promise<Harness> {
  const setup = await setupStore(files);
  const spawned: ScriptedProcess[] = [];
  setup.runtime.spawn = async (command: string, args: string[] = []) => {
    const line = [command, ...args].join(' ');
    const process = new ScriptedProcess(spawned.length + 1, line, options.exitOnKill ?? true);
    spawned.push(process);
    setTimeout(() => script(process, line), 0);
    return process;
  };
  const tabId = `test-${crypto.randomUUID()}`;
  const audits: AuditEntry[] = [];
  const background: Harness['background'] = [];
  const executor = startExecutor({
    tabId,
    runtime: setup.runtime,
    store: setup.store,
    audit: (entry) => void audits.push(entry),
    onBackgroundProcess: (process, cmd) => {
      background.push({ process, cmd });
      // Like a terminal tab: drain the UI's branch of the output.
      void process.output.pipeTo(new WritableStream());
    },
    backgroundWaitMs: 300,
    ...options,
  });
  const client = createToolClient({ tabId, timeoutMs: options.defaultTimeoutMs });
  return {
    ...setup,
    executor,
    client,
    spawned,
    audits,
    background,
    call: (name, args) => client.execute(`call-${++calls}`, name, args),
    dispose() {
      client.close();
      executor.stop();
      setup.store.dispose();
    },
  };
}

export const text = async (setup: StoreSetup, path: string) => new TextDecoder().decode(await setup.runtime.fs.readFile(path));
