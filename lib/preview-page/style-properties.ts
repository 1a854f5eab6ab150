/**
 * The CSS properties a screenshot copies onto each cloned element. The clone copies computed styles one
 * property at a time, for every element, so properties that cannot change a still picture are left out:
 * motion (animations would restart from their first frame in the picture anyway, transitions), scrolling
 * behaviour, interaction (cursor, pointer events, selection, caret), print-only settings, and custom
 * properties (every value that uses them is already resolved in the computed style). Anything that can move
 * or paint a box (will-change, zoom, fragmentation, anchors) is kept.
 */

const STILL_PICTURE_IRRELEVANT =
  /^(--|animation|transition|scroll-|overscroll|view-timeline|view-transition|timeline-scope|cursor|pointer-events|user-select|-webkit-user-|touch-action|caret|speak|interactivity|interpolate-size|reading-|app-region|-webkit-app-region|-webkit-tap-highlight|-webkit-highlight|print-color-adjust|-webkit-print|text-size-adjust|-webkit-text-size-adjust|dynamic-range-limit|contain-intrinsic|content-visibility|container)/;

const cache = new WeakMap<Document, string[]>();

/** The properties of this browser's computed style that a screenshot copies (read once per document). */
export function screenshotStyleProperties(doc: Document): string[] | undefined {
  const cached = cache.get(doc);
  if (cached) return cached;
  const view = doc.defaultView;
  if (!view) return undefined;
  const computed = view.getComputedStyle(doc.documentElement);
  const names: string[] = [];
  for (let i = 0; i < computed.length; i++) {
    const name = computed.item(i);
    if (!STILL_PICTURE_IRRELEVANT.test(name)) names.push(name);
  }
  // An engine that lists nothing (a test DOM) gets the library's default: every property.
  const result = names.length > 0 ? names : undefined;
  if (result) cache.set(doc, result);
  return result;
}
