import { describe, expect, it } from 'vitest';
import { lastTurnCheckpoint, turnsByEndMessage } from '@/lib/workspace/checkpoints/turns';
import { turnLabel } from '@/lib/workspace/checkpoints/turn-checkpoint';
import type { CheckpointMeta } from '@/lib/workspace/checkpoints';

const checkpoint = (id: string, messageId: string | null, createdAt: number, extra: Partial<CheckpointMeta> = {}): CheckpointMeta => ({
  id,
  workspaceId: 'w',
  kind: 'turn',
  label: id,
  createdAt,
  conversationId: 'main',
  messageId,
  fileCount: 1,
  bytes: 1,
  ...extra,
});

const messages = [
  { id: 'u1', role: 'user' },
  { id: 'a1', role: 'assistant' },
  { id: 'u2', role: 'user' },
  { id: 'a2', role: 'assistant' },
];

describe('turns of a conversation', () => {
  it('measures each turn from its checkpoint to the next turn’s, and the last one to live', () => {
    const turns = turnsByEndMessage(messages, [checkpoint('c2', 'u2', 2), checkpoint('c1', 'u1', 1)], 'main');
    expect(turns.get('a1')).toMatchObject({ from: { id: 'c1' }, to: 'c2', last: false });
    expect(turns.get('a2')).toMatchObject({ from: { id: 'c2' }, to: 'live', last: true });
  });

  it('ends a turn where the first restore after it began, so its review survives the restore', () => {
    const restored = [checkpoint('c1', 'u1', 1), checkpoint('r1', null, 5, { kind: 'before-restore' }), checkpoint('r2', null, 7, { kind: 'before-restore' })];
    expect(turnsByEndMessage(messages.slice(0, 2), restored, 'main').get('a1')?.to).toBe('r1');
    const later = [checkpoint('c1', 'u1', 1), checkpoint('c2', 'u2', 2), checkpoint('r1', null, 5, { kind: 'before-restore' })];
    expect(turnsByEndMessage(messages, later, 'main').get('a1')?.to).toBe('c2');
  });

  it('ignores other conversations’ checkpoints and other kinds', () => {
    const turns = turnsByEndMessage(messages, [checkpoint('c1', 'u1', 1, { conversationId: 'other' }), checkpoint('n', 'u2', 2, { kind: 'named' })], 'main');
    expect(turns.size).toBe(0);
  });

  it('shows nothing for a turn the agent has not answered yet', () => {
    const turns = turnsByEndMessage(messages.slice(0, 3), [checkpoint('c1', 'u1', 1), checkpoint('c2', 'u2', 2)], 'main');
    expect([...turns.keys()]).toEqual(['a1']);
    expect(turns.get('a1')?.to).toBe('c2');
  });

  it('finds the checkpoint before the last turn for an error’s "Restore to before this turn"', () => {
    expect(lastTurnCheckpoint(messages, [checkpoint('c1', 'u1', 1), checkpoint('c2', 'u2', 2)], 'main')?.id).toBe('c2');
    expect(lastTurnCheckpoint(messages, [checkpoint('c1', 'u1', 1)], 'main')).toBeNull();
  });

  it('labels a turn by its message, on one line and bounded', () => {
    expect(turnLabel('  fix\n the   bug ')).toBe('fix the bug');
    expect(turnLabel('x'.repeat(200))).toHaveLength(80);
    expect(turnLabel('   ')).toBe('Agent turn');
  });
});
