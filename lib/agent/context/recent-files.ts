/** The files the agent changed lately, newest first, read from the conversation's tool calls. */
import type { ToolName } from '../tool-schemas';
import { isToolPart, type LooseMessage } from './shrink';

const WRITING_TOOLS: readonly ToolName[] = ['fs_writeFile', 'fs_editFile', 'fs_deletePath', 'fs_movePath'];
const writing = new Set<string>(WRITING_TOOLS.map((name) => `tool-${name}`));

export function recentlyChangedFiles(messages: readonly LooseMessage[], max = 20): string[] {
  const paths: string[] = [];
  for (let m = messages.length - 1; m >= 0 && paths.length < max; m--) {
    const parts = messages[m]?.parts ?? [];
    for (let p = parts.length - 1; p >= 0 && paths.length < max; p--) {
      const part = parts[p];
      if (!part || !isToolPart(part) || !writing.has(part.type) || part.state !== 'output-available') continue;
      const input = (part.input ?? {}) as Record<string, unknown>;
      for (const key of ['to', 'path']) {
        const value = input[key];
        if (typeof value === 'string' && value.length <= 1024 && !paths.includes(value)) paths.push(value);
      }
    }
  }
  return paths.slice(0, max);
}
