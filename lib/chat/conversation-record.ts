/** How a chat conversation is kept in the app's database (lib/workspace/db.ts opens it). */

/** A conversation as stored: conversation-store.ts owns the shape of `data`. */
export interface StoredConversation {
  workspaceId: string;
  id: string;
  updatedAt: number;
  data: unknown;
}

export interface ConversationStores {
  conversations: { key: [string, string]; value: StoredConversation; indexes: { byWorkspace: string } };
}
