import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  conversationTitle,
  createConversation,
  deleteConversation,
  listConversations,
  loadConversationRecord,
  saveConversation,
  updateConversation,
} from '@/lib/chat/conversation-store';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { openDatabase } from '@/lib/workspace/db';

const say = (id: string, text: string): IdeUIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });

describe('conversation store', () => {
  it('keeps several conversations per workspace apart, each with its own messages', async () => {
    const ws = `w-${crypto.randomUUID()}`;
    await saveConversation(ws, 'main', { mode: 'fast', messages: [say('1', 'first chat')] });
    const second = await createConversation(ws);
    await saveConversation(ws, second, { mode: 'deep', messages: [say('2', 'second chat')] });
    await saveConversation('other-workspace', 'main', { mode: 'fast', messages: [say('3', 'elsewhere')] });

    const list = await listConversations(ws);
    expect(list.map((c) => c.title)).toEqual(['first chat', 'second chat']);
    expect((await loadConversationRecord(ws, 'main'))?.data.messages).toEqual([say('1', 'first chat')]);
    expect((await loadConversationRecord(ws, second))?.data.mode).toBe('deep');
  });

  it('lists conversations made within the same millisecond in the order they were made', async () => {
    const ws = `w-${crypto.randomUUID()}`;
    const made = [await createConversation(ws, 500), await createConversation(ws, 500), await createConversation(ws, 500)];
    expect((await listConversations(ws)).map((c) => c.id)).toEqual(made);
  });

  it('renames without losing messages, and a later save keeps the name', async () => {
    const ws = `w-${crypto.randomUUID()}`;
    const id = await createConversation(ws);
    await saveConversation(ws, id, { mode: 'balanced', messages: [say('1', 'fix the header')] });
    await updateConversation(ws, id, { title: 'Header work' });
    await saveConversation(ws, id, { mode: 'balanced', messages: [say('1', 'fix the header'), say('2', 'and the footer')] });
    const [summary] = await listConversations(ws);
    expect(summary).toMatchObject({ title: 'Header work', named: true });
    expect((await loadConversationRecord(ws, id))?.data.messages).toHaveLength(2);
  });

  it('remembers which conversation was opened last, and deletes one without touching the others', async () => {
    const ws = `w-${crypto.randomUUID()}`;
    const a = await createConversation(ws, 1000);
    const b = await createConversation(ws, 2000);
    await updateConversation(ws, a, { openedAt: 3000 });
    const newest = [...(await listConversations(ws))].sort((x, y) => y.openedAt - x.openedAt)[0];
    expect(newest?.id).toBe(a);
    await deleteConversation(ws, a);
    expect((await listConversations(ws)).map((c) => c.id)).toEqual([b]);
  });

  it('reads a conversation stored before conversations had names (the old single "main" record)', async () => {
    const ws = `w-${crypto.randomUUID()}`;
    const db = await openDatabase();
    await db.put('conversations', { workspaceId: ws, id: 'main', updatedAt: 5, data: { version: 1, mode: 'deep', messages: [say('1', 'old times')] } });
    db.close();
    expect(await listConversations(ws)).toEqual([{ id: 'main', title: 'old times', named: false, createdAt: 5, openedAt: 0 }]);
    expect((await loadConversationRecord(ws, 'main'))?.data.mode).toBe('deep');
  });

  it('names an unnamed conversation by its first message, shortened', () => {
    expect(conversationTitle({ title: null, messages: [] })).toBe('New conversation');
    expect(conversationTitle({ title: null, messages: [say('1', 'x'.repeat(100))] })).toHaveLength(48);
  });
});
