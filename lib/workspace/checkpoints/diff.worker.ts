/// <reference lib="webworker" />
/** Counts changed lines off the main thread: showing a large turn's changes must not freeze the editor. */
import { countLines, type TextPair } from './line-counts';

self.onmessage = (event: MessageEvent<{ id: number; pairs: TextPair[] }>) => {
  const { id, pairs } = event.data;
  self.postMessage({ id, counts: pairs.map(countLines) });
};
