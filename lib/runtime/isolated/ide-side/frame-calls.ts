/**
 * The IDE's side of the frame's calls (FrameCall): each is carried out by what the IDE gave for it and answered
 * on the port, an error as its message. A call the IDE offers nothing for is refused.
 */
import type { GitHttpRequest, GitHttpResponse } from '@/lib/git/http-exchange';
import { errorMessage } from '../../../error-message';
import type { AnswerEnvelope, FrameCall } from '../protocol';

export interface FrameCallHandlers {
  gitHttp?(request: GitHttpRequest): Promise<GitHttpResponse>;
}

export function answerFrameCall(port: MessagePort, id: number, call: FrameCall, handlers: FrameCallHandlers | undefined): void {
  const answer = (envelope: AnswerEnvelope) => port.postMessage(envelope);
  const work =
    call.op === 'git.http' && handlers?.gitHttp ? handlers.gitHttp(call.request) : Promise.reject(new Error(`the IDE does not offer ${call.op} here`));
  work.then(
    (value) => answer({ kind: 'answer', id, ok: true, value }),
    (error: unknown) => answer({ kind: 'answer', id, ok: false, message: errorMessage(error).slice(0, 8000) }),
  );
}
