'use client';

/**
 * Whether a run of the agent is going in the open conversation: not only while a request streams, but also
 * while the tab runs the tools a step asked for and until the chat resubmits. A conversation restored from
 * storage is not running, even when its last step asked for more (that needs Continue).
 */
import { useState } from 'react';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { wantsToContinue } from './steps';
import { isIdeToolPart, isSettled } from './tool-parts';

interface ChatRunView {
  messages: IdeUIMessage[];
  busy: boolean;
  error: Error | undefined;
  canContinue: boolean;
  stepLimit: unknown;
}

export function useRunInProgress(chat: ChatRunView): boolean {
  const [startedHere, setStartedHere] = useState(false);
  // Derived from props during render (React's pattern for state that follows props), not in an effect.
  if (chat.busy && !startedHere) setStartedHere(true);
  if (chat.busy) return true;
  const last = chat.messages.at(-1);
  const callsRunning = last?.role === 'assistant' && last.parts.some((part) => isIdeToolPart(part) && !isSettled(part));
  if (callsRunning) return true;
  return startedHere && wantsToContinue(chat.messages) && !chat.canContinue && chat.stepLimit === null && chat.error === undefined;
}
