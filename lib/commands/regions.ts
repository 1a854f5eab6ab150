/**
 * The IDE's regions in F6 order and how keyboard focus moves between them. Each region is a landmark
 * (`<section aria-label="Editor">`); focusing one puts the caret where work happens there (the editor's text,
 * the terminal's input, the composer), not on the region's first button.
 */
export const REGIONS = ['Files', 'Editor', 'Terminal', 'Preview', 'Agent'] as const;
export type RegionName = (typeof REGIONS)[number];

/** Where focus goes in each region, best first; the region's body is the fallback. */
const TARGETS: Record<RegionName, readonly string[]> = {
  Files: ['[role="treeitem"][tabindex="0"]', '[role="tree"]', 'button:not([disabled])'],
  Editor: ['.cm-content', '[role="tab"][aria-selected="true"]'],
  Terminal: ['[role="tabpanel"]:not([hidden]) .xterm-helper-textarea', '[role="tab"][aria-selected="true"]'],
  Preview: ['iframe', 'select:not([disabled])', 'button:not([disabled])'],
  Agent: ['[role="tabpanel"]:not([hidden]) textarea:not([disabled])', '[role="tab"][aria-selected="true"]'],
};

export function regionElement(name: RegionName, root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(`section[aria-label="${name}"]`);
}

/** The region that holds `element`, if any. */
export function regionOf(element: Element | null): RegionName | null {
  const section = element?.closest('section[aria-label]');
  const label = section?.getAttribute('aria-label');
  return REGIONS.find((name) => name === label) ?? null;
}

export function focusRegion(name: RegionName, root: ParentNode = document): boolean {
  const section = regionElement(name, root);
  if (!section) return false;
  for (const selector of TARGETS[name]) {
    const target = section.querySelector<HTMLElement>(selector);
    if (target && isShown(target)) {
      target.focus();
      if (section.contains(document.activeElement) || document.activeElement === target) return true;
    }
  }
  // The region's body takes focus (tabindex -1) so F6 still lands somewhere visible in an empty region.
  // A hidden (inert) pane's body cannot take focus: that region is skipped.
  const body = section.querySelector<HTMLElement>('[data-region-body]');
  body?.focus();
  return body !== null && section.contains(document.activeElement);
}

/** The command-bus request a hidden pane answers by showing itself. */
export const revealRequest = (name: RegionName) => `view.reveal:${name}`;

/** F6 / Shift+F6: the next region after the one holding focus (the first one when focus is elsewhere). */
export function nextRegion(current: RegionName | null, step: 1 | -1): RegionName {
  if (current === null) return step === 1 ? 'Files' : 'Agent';
  const index = REGIONS.indexOf(current);
  return REGIONS[(index + step + REGIONS.length) % REGIONS.length] ?? 'Files';
}

function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 || element.classList.contains('xterm-helper-textarea');
}
