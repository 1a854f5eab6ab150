/**
 * `domain` for programs: almostnode's Domain, whose `add` and `remove` also set the emitter's `domain`, as
 * Node's do; an emitter with a domain and no 'error' listener hands its errors to the domain (events-node.ts).
 */
type Module = Record<string, unknown>;
interface Member {
  domain?: { remove(member: Member): void } | null;
}
type Method = (this: unknown, member: Member) => void;

const PATCHED = Symbol('domainMembers');

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
  }
  return almost;
}
