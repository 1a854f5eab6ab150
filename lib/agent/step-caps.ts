/**
 * Model steps per user turn for each mode, counted and enforced by the chat client (the server answers one step
 * per request). Its own module so the browser bundle does not pull in the server's model catalog.
 */
import type { AgentMode } from './messages';

export const MODE_STEP_CAPS: Record<AgentMode, number> = { fast: 3, balanced: 5, deep: 10 };
