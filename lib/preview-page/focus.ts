/**
 * Focus as a click or Tab would move it, plus the `change` event browsers fire when an edited field is left
 * (or Enter is pressed): untrusted events never trigger it, so the bridge remembers the edited field.
 */
import { composedParent, deepActiveElement } from './dom';

let edited: HTMLInputElement | HTMLTextAreaElement | null = null;

export function markEdited(element: Element): void {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) edited = element;
}

/** Fires `change` on the field typed into since the last commit, once. */
export function commitChange(): void {
  const field = edited;
  edited = null;
  if (field?.isConnected) field.dispatchEvent(new Event('change', { bubbles: true }));
}

function isFocusable(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement)) return false;
  if ('disabled' in element && (element as HTMLButtonElement).disabled) return false;
  if (element.isContentEditable) return true;
  if (element.hasAttribute('tabindex')) return true;
  return /^(A|BUTTON|INPUT|SELECT|TEXTAREA|IFRAME|SUMMARY)$/.test(element.tagName) && (element.tagName !== 'A' || element.hasAttribute('href'));
}

/** Focuses what a mousedown on `target` would focus: its nearest focusable ancestor, or nothing (blur). */
export function focusFromPointer(target: Element, doc: Document): void {
  let node: Element | null = target;
  while (node && !isFocusable(node)) node = composedParent(node);
  const active = deepActiveElement(doc);
  if (node === active) return;
  commitChange();
  if (node) {
    node.focus({ preventScroll: true });
    // A click into a text field leaves the caret at the end of its value.
    if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
      try {
        node.setSelectionRange(node.value.length, node.value.length);
      } catch {
        /* no selection API on this type */
      }
    }
  } else if (active instanceof HTMLElement) {
    active.blur();
  }
}

export function focusElement(element: HTMLElement): void {
  commitChange();
  element.focus();
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    try {
      element.select();
    } catch {
      /* no selection API on this type */
    }
  }
}
