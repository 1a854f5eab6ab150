/** The agent's three modes, shared by the chat's messages, the tools each mode offers and the server's models. */
import { z } from 'zod';

export const agentModeSchema = z.enum(['fast', 'balanced', 'deep']);
export type AgentMode = z.infer<typeof agentModeSchema>;
