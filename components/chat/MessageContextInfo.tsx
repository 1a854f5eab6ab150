'use client';

/**
 * Under an agent message: the model that answered and whose key it used, the turn's token usage as the
 * provider reported it, and, where older turns were
 * summarised for the model, a "Context compacted" marker (the chat itself keeps every message).
 */
import { useSyncExternalStore } from 'react';
import { summaryCache } from '@/lib/agent/context/summary-cache';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { KEY_SOURCE_WORDS } from '@/lib/agent/model-options';
import styles from './context.module.css';

const count = new Intl.NumberFormat('en');

export function usageLine(usage: NonNullable<IdeUIMessage['metadata']>['usage']): string | null {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return null;
  const parts = [`${count.format(usage.inputTokens ?? 0)} in`, `${count.format(usage.outputTokens ?? 0)} out`];
  if (usage.reasoningTokens) parts.push(`${count.format(usage.reasoningTokens)} reasoning`);
  return `Tokens: ${parts.join(' · ')}`;
}

/** "gemini-3.8-flash · your key": which model answered, and whose key paid for it. */
function modelLine(metadata: IdeUIMessage['metadata']): string | null {
  if (!metadata?.model) return null;
  return metadata.keySource ? `${metadata.model} · ${KEY_SOURCE_WORDS[metadata.keySource]}` : metadata.model;
}

export function MessageContextInfo({ message }: { message: IdeUIMessage }) {
  const compaction = useSyncExternalStore(
    summaryCache.subscribe,
    () => summaryCache.forMessage(message.id),
    () => null,
  );
  const usage = message.role === 'assistant' ? usageLine(message.metadata?.usage) : null;
  const model = message.role === 'assistant' ? modelLine(message.metadata) : null;
  if (!usage && !compaction && !model) return null;
  return (
    <>
      {model && (
        <p className={styles.usage} aria-label="Model and key">
          {model}
        </p>
      )}
      {usage && (
        <p className={styles.usage} aria-label="Token usage">
          {usage}
        </p>
      )}
      {compaction && (
        <p className={styles.compacted} role="note" title={compaction.summary}>
          Context compacted: {compaction.units} earlier messages and steps are summarised for the model
        </p>
      )}
    </>
  );
}
