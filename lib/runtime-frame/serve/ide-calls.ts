/**
 * The frame's calls to the IDE over the port (FrameCall out, AnswerEnvelope back): git's HTTP exchanges, which
 * the IDE carries out because it holds the user's tokens and the frame must not. Answers are validated before
 * anything here uses them.
 */
import { gitHttpResponseSchema, type GitHttpRequest, type GitHttpResponse } from '@/lib/git/http-exchange';
import type { AnswerEnvelope, FrameCall, FrameMessage } from '../../runtime/isolated/protocol';

interface IdeCalls {
  gitHttp(request: GitHttpRequest): Promise<GitHttpResponse>;
  /** Settles the call an answer is for. */
  answer(envelope: AnswerEnvelope): void;
}

export function ideCalls(post: (message: FrameMessage) => void): IdeCalls {
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const call = (body: FrameCall) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      post({ kind: 'call', id, call: body });
    });
  return {
    async gitHttp(request) {
      const parsed = gitHttpResponseSchema.safeParse(await call({ op: 'git.http', request }));
      if (!parsed.success) throw new Error(`the IDE answered git's request with something malformed (${parsed.error.issues[0]?.message ?? 'invalid'})`);
      return parsed.data;
    },
    answer(envelope) {
      const pending = waiting.get(envelope.id);
      if (!pending) return;
      waiting.delete(envelope.id);
      if (envelope.ok) pending.resolve(envelope.value);
      else pending.reject(new Error(envelope.message));
    },
  };
}
