/**
 * What the fake container can run: a command line (`a && b`) of `node <file>`, `npm install`, `npx <pkg>`,
 * `echo … [> file]`, `mkdir -p`, `true`, `false`, `exit <n>`. Programs write through the in-memory fs as
 * processes inside the container would (so only registered watches see it), open ports, read input while
 * they run, and end on Ctrl+C unless they handle SIGINT.
 *
 * `node <file>` interprets the file line by line: console.log/console.error('…'), process.exit(n),
 * setInterval(…) (keeps running), listen(<port>) (opens a port, keeps running, closes it on exit),
 * writeFile('<path>', '<text>'), and process.on('SIGINT', …) (Ctrl+C no longer ends it).
 */
import type { MemoryFs } from './memory-fs';

export interface JobContext {
  fs: MemoryFs;
  /** Workdir-relative, as spawn's `cwd` is. */
  cwd: string;
  env: Record<string, string | number | boolean>;
  /**
   * Whether this container's Node takes `--import` in NODE_OPTIONS. WebContainer's Node version is not known
   * here: with it, the fake runs what the IDE's import module does in a process that is not Vite's (it sets
   * TABSMITH_SOURCE_LOCATIONS); without it, Node 18's refusal.
   */
  nodeImport: boolean;
  print(text: string): void;
  openPort(port: number): void;
  closePort(port: number): void;
}

/** A program in the foreground of its terminal. */
export interface Job {
  readonly done: Promise<number>;
  /** Keystrokes while it runs; Ctrl+C is SIGINT. */
  input(data: string): void;
}

class Running implements Job {
  readonly done: Promise<number>;
  private resolve!: (code: number) => void;
  private finished = false;
  private readonly endListeners: (() => void)[] = [];
  onInput: (data: string) => void = () => undefined;
  handlesInterrupt = false;

  constructor() {
    this.done = new Promise((resolve) => (this.resolve = resolve));
  }

  input(data: string) {
    if (this.finished) return;
    // 128 + SIGINT, as a shell reports a program Ctrl+C ended.
    if (data.includes('\x03') && !this.handlesInterrupt) return this.finish(130);
    this.onInput(data);
  }

  onEnd(listener: () => void) {
    this.endListeners.push(listener);
  }

  finish(code: number) {
    if (this.finished) return;
    this.finished = true;
    for (const listener of this.endListeners) listener();
    this.resolve(code);
  }
}

const resolvePath = (ctx: JobContext, path: string) => (path.startsWith('/') ? path : `${ctx.cwd}/${path}`);
const decoder = new TextDecoder();

const NODE_LINE = {
  print: /^console\.(?:log|error)\((['"])(.*)\1\);?$/,
  exit: /^process\.exit\((\d+)\);?$/,
  keepAlive: /^setInterval\(/,
  listen: /^listen\((\d+)\);?$/,
  write: /^writeFile\((['"])(.*?)\1,\s*(['"])(.*)\3\);?$/,
  sigint: /^process\.on\((['"])SIGINT\1/,
};

/** `node -e "process.stdout.write(process.env.NAME || '')"`: the one inline script the adapter runs (its probe). */
const PRINT_ENV = /^process\.stdout\.write\(process\.env\.(\w+) \|\| ''\)$/;

async function node(job: Running, [file, script]: string[], ctx: JobContext) {
  const importOption = /--import=\S+/.exec(String(ctx.env.NODE_OPTIONS ?? ''));
  if (importOption && !ctx.nodeImport) {
    ctx.print('node: --import= is not allowed in NODE_OPTIONS\r\n');
    return job.finish(9);
  }
  if (importOption && importOption[0].includes('TABSMITH_SOURCE_LOCATIONS')) ctx = { ...ctx, env: { ...ctx.env, TABSMITH_SOURCE_LOCATIONS: 'ready' } };
  if (file === '-e') {
    const name = PRINT_ENV.exec(script ?? '')?.[1];
    if (name === undefined) {
      ctx.print('fake node runs only the scripts its tests know\r\n');
      return job.finish(1);
    }
    ctx.print(String(ctx.env[name] ?? ''));
    return job.finish(0);
  }
  const path = resolvePath(ctx, file ?? '');
  let source: string;
  try {
    source = decoder.decode(await ctx.fs.readFile(path));
  } catch {
    ctx.print(`Error: Cannot find module '${path}'\r\n`);
    return job.finish(1);
  }
  let keepAlive = false;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    const print = NODE_LINE.print.exec(line);
    const exit = NODE_LINE.exit.exec(line);
    const listen = NODE_LINE.listen.exec(line);
    const write = NODE_LINE.write.exec(line);
    if (print) ctx.print(`${print[2]}\r\n`);
    else if (exit) return job.finish(Number(exit[1]));
    else if (NODE_LINE.keepAlive.test(line)) keepAlive = true;
    else if (NODE_LINE.sigint.test(line)) job.handlesInterrupt = true;
    else if (write) await ctx.fs.writeFile(resolvePath(ctx, write[2] ?? ''), write[4] ?? '');
    else if (listen) {
      const port = Number(listen[1]);
      keepAlive = true;
      ctx.openPort(port);
      job.onEnd(() => ctx.closePort(port));
    }
  }
  if (!keepAlive) job.finish(0);
}

async function npmInstall(job: Running, packages: string[], ctx: JobContext) {
  const names = packages.filter((name) => !name.startsWith('-'));
  const installed = names.length > 0 ? names : ['left-pad'];
  for (const name of installed) {
    await ctx.fs.mkdir(resolvePath(ctx, `node_modules/${name}`), { recursive: true });
    await ctx.fs.writeFile(resolvePath(ctx, `node_modules/${name}/index.js`), 'module.exports = 1;\n');
  }
  await ctx.fs.writeFile(resolvePath(ctx, 'package-lock.json'), JSON.stringify({ packages: installed }));
  ctx.print(`\r\nadded ${installed.length} package${installed.length === 1 ? '' : 's'} in 1s\r\n`);
  job.finish(0);
}

/**
 * npm 7+ asks before fetching a package `npx` does not find locally, and waits for an answer; `--yes` or
 * any truthy `npm_config_yes` (npm reads every `npm_config_*` variable as a setting) skips the question.
 */
function npx(job: Running, [name]: string[], ctx: JobContext) {
  const run = () => {
    ctx.print(`ran ${name ?? ''}\r\n`);
    job.finish(0);
  };
  const yes = ctx.env.npm_config_yes;
  if (yes === true || yes === 'true') return run();
  ctx.print(`Need to install the following packages:\r\n  ${name ?? ''}\r\nOk to proceed? (y) `);
  let answer = '';
  job.onInput = (data) => {
    answer += data;
    if (!/[\r\n]/.test(answer)) return;
    if (answer.trim().toLowerCase().startsWith('y')) run();
    else job.finish(1);
  };
}

async function echo(job: Running, args: string[], ctx: JobContext) {
  const redirect = args.indexOf('>');
  if (redirect === -1) ctx.print(`${args.join(' ')}\r\n`);
  else await ctx.fs.writeFile(resolvePath(ctx, args[redirect + 1] ?? ''), `${args.slice(0, redirect).join(' ')}\n`);
  job.finish(0);
}

async function mkdir(job: Running, args: string[], ctx: JobContext) {
  for (const dir of args.filter((arg) => arg !== '-p')) await ctx.fs.mkdir(resolvePath(ctx, dir), { recursive: true });
  job.finish(0);
}

function startOne(argv: string[], ctx: JobContext): Job {
  const job = new Running();
  const [command, ...args] = argv;
  const run = async () => {
    if (command === 'node') await node(job, args, ctx);
    else if (command === 'npm' && (args[0] === 'install' || args[0] === 'i')) await npmInstall(job, args.slice(1), ctx);
    else if (command === 'npx') npx(job, args, ctx);
    else if (command === 'echo') await echo(job, args, ctx);
    else if (command === 'mkdir') await mkdir(job, args, ctx);
    else if (command === 'true') job.finish(0);
    else if (command === 'false') job.finish(1);
    else if (command === 'exit') job.finish(Number(args[0] ?? 0));
    else {
      ctx.print(`jsh: command not found: ${command ?? ''}\r\n`);
      job.finish(127);
    }
  };
  void run();
  return job;
}

/** Splits on whitespace, keeping quoted words (with their quotes removed) together. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Runs `a && b && …`; input goes to whichever program is running. */
export function startCommandLine(line: string, ctx: JobContext): Job {
  const parts = line.split('&&').map((part) => words(part.trim()));
  let current: Job | null = null;
  const done = (async () => {
    let code = 0;
    for (const argv of parts) {
      current = startOne(argv, ctx);
      code = await current.done;
      if (code !== 0) break;
    }
    return code;
  })();
  return { done, input: (data) => current?.input(data) };
}

/** Runs a program spawned directly (`spawn('node', ['a.js'])`), not through a shell. */
export function startProgram(command: string, args: string[], ctx: JobContext): Job {
  return startOne([command, ...args], ctx);
}
