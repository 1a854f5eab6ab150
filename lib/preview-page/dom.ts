/**
 * Hit testing and element descriptions. `elementFromPoint` stops at a shadow host, so it recurses into open
 * shadow roots: the model clicks what it sees, which may live inside a web component.
 */

export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let element = doc.elementFromPoint(x, y);
  // Bounded: a malformed tree must not spin forever.
  for (let depth = 0; element?.shadowRoot && depth < 32; depth++) {
    const inner = element.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === element) break;
    element = inner;
  }
  return element;
}

/** The parent across shadow boundaries (a shadow root's host), for walks up the composed tree. */
export function composedParent(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The deepest focused element, through open shadow roots. */
export function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function accessibleText(element: Element): string {
  const aria = element.getAttribute('aria-label');
  if (aria) return aria;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    return element.placeholder || element.value || element.name;
  }
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** `<button> Add`, `<input name=todo type=text>`: short enough for a step log and a model prompt. */
export function describeElement(element: Element): string {
  const tag = element.tagName.toLowerCase();
  const attrs: string[] = [];
  for (const name of ['id', 'name', 'type', 'role', 'href']) {
    const value = element.getAttribute(name);
    if (value) attrs.push(`${name}=${value.length > 40 ? `${value.slice(0, 40)}…` : value}`);
  }
  const text = accessibleText(element);
  const head = `<${[tag, ...attrs].join(' ')}>`;
  return text ? `${head} ${text.length > 60 ? `${text.slice(0, 60)}…` : text}` : head;
}

/** Whether the element is a text field whose value the bridge edits (inputs that take typed text, textareas). */
const TEXT_INPUT_TYPES = new Set(['', 'text', 'search', 'email', 'url', 'tel', 'password', 'number']);
export function isTextField(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.disabled && !element.readOnly;
  return element instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(element.type) && !element.disabled && !element.readOnly;
}

export function isContentEditable(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.isContentEditable;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Two animation frames: the page has rendered whatever the last event changed. */
export function nextPaint(win: Window): Promise<void> {
  return new Promise((resolve) => {
    // rAF does not run in hidden documents; the timeout keeps a background tab from hanging.
    const timer = setTimeout(resolve, 100);
    win.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}

/** An error the IDE shows as is (`name` says what kind, `message` what to do). */
export class BridgeError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}
