import type { IdeUIMessage } from '@/lib/agent/messages';

type ShellCallPart = Extract<IdeUIMessage['parts'][number], { type: 'tool-run_sh' }>;

/** A run_sh part without its type and id, state by state (Omit of the union itself would merge the states). */
export type ShellCall = ShellCallPart extends unknown ? Omit<ShellCallPart, 'type' | 'toolCallId'> : never;

/** A resubmitted assistant message of one step: the shell call `c1` in the state the client sends it back in. */
export function shellCallMessage(call: ShellCall): IdeUIMessage {
  // Each state plus the type and id is a part again; the spread of a union is too wide for TypeScript to see that.
  const part = { type: 'tool-run_sh', toolCallId: 'c1', ...call } as ShellCallPart;
  return { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, part] };
}
