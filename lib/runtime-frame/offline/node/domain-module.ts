/**
 * `domain` for programs: almostnode's Domain, whose `add` and `remove` also set the emitter's `domain`, as
 * Node's do; an emitter with a domain and no 'error' listener hands its errors to the domain (events-node.ts).
 * `enter`, `exit` and `run` keep Node's stack of entered domains, the innermost being `process.domain` and
 * `domain.active`, so an error thrown while one is entered reaches its 'error' listeners (see `domainCatches`).
 */
type Module = Record<string, unknown>;
interface Member {
  domain?: { remove(member: Member): void } | null;
}
type Method = (this: unknown, member: Member) => void;
interface DomainLike {
  listenerCount(event: string): number;
  emit(event: string, ...args: unknown[]): boolean;
  exit(): void;
}

const PATCHED = Symbol('domainMembers');
const stack: object[] = [];
// almostnode's module is a frozen namespace: the programs' module is a copy whose `active` can change.
let exported: Module | null = null;

function currentProcess(): { domain?: unknown } | undefined {
  return (globalThis as { process?: { domain?: unknown } }).process;
}

function setActive(): void {
  const active = stack.at(-1) ?? null;
  if (exported) exported.active = active;
  const proc = currentProcess();
  if (proc) proc.domain = active;
}

/**
 * An uncaught error while a domain with 'error' listeners is entered goes to that domain, as in Node: the
 * error gets `domain` and `domainThrown`, the domain is left, and the process goes on. False when no domain
 * takes it (the error is then the process's to handle).
 */
export function domainCatches(proc: { domain?: unknown }, error: unknown): boolean {
  const domain = proc.domain as DomainLike | null | undefined;
  if (!domain || typeof domain.listenerCount !== 'function' || domain.listenerCount('error') === 0) return false;
  if (error !== null && typeof error === 'object') Object.assign(error, { domain, domainThrown: true });
  domain.exit();
  domain.emit('error', error);
  return true;
}

export function domainModule(almost: Module): Module {
  const proto = (almost.Domain as { prototype: Record<string | symbol, unknown> } | undefined)?.prototype;
  if (proto && !proto[PATCHED]) {
    proto[PATCHED] = true;
    const add = proto.add as Method;
    const remove = proto.remove as Method;
    proto.add = function (this: Member['domain'], member: Member) {
      if (member.domain && member.domain !== this) member.domain.remove(member);
      member.domain = this;
      add.call(this, member);
    };
    proto.remove = function (this: unknown, member: Member) {
      member.domain = null;
      remove.call(this, member);
    };
    proto.enter = function (this: object) {
      stack.push(this);
      setActive();
    };
    // Leaving a domain leaves the ones entered inside it too; one not entered is left alone.
    proto.exit = function (this: object) {
      const at = stack.lastIndexOf(this);
      if (at === -1) return;
      stack.length = at;
      setActive();
    };
    // As Node's: an error thrown by fn leaves the domain entered, so that the uncaught error finds it.
    proto.run = function (this: { enter(): void; exit(): void }, fn: (...args: unknown[]) => unknown, ...args: unknown[]) {
      this.enter();
      const result = Reflect.apply(fn, this, args);
      this.exit();
      return result;
    };
  }
  exported ??= { ...almost, active: null };
  return exported;
}
