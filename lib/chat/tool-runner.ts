/**
 * What the chat needs from the executor's client (lib/agent/tool-client.ts): run one call, cancel all.
 * Only these two, so tests and the scratch page can hand in a fake.
 */
import type { ToolClient } from '@/lib/agent/tool-client';

export type ToolRunner = Pick<ToolClient, 'execute' | 'cancelAll'>;
