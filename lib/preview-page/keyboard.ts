/**
 * Key presses with their default actions emulated: untrusted key events do nothing by themselves, so after a
 * keydown nobody cancelled, the bridge does what the browser would have done (type, delete, move focus,
 * select all, move the caret, scroll, submit, activate).
 */
import { deepActiveElement, isContentEditable, isTextField } from './dom';
import { deleteText, insertText, moveCaret, selectAll } from './editing';
import { commitChange, focusElement, markEdited } from './focus';
import { charSpec, isPrintable, keyboardInit, parseKeyCombo, type KeySpec, type Modifiers } from './keys';
import { scrollAt } from './scroll';
import { nextTabbable } from './tabbable';

const NO_MODIFIERS: Modifiers = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };

function fire(target: Element, type: 'keydown' | 'keypress' | 'keyup', spec: KeySpec, flags: Modifiers): boolean {
  const Ctor = target.ownerDocument.defaultView?.KeyboardEvent ?? KeyboardEvent;
  const init = keyboardInit(spec, flags);
  // keypress reports the character code in keyCode/charCode (legacy code reads `e.which` there).
  const event = new Ctor(type, type === 'keypress' ? { ...init, charCode: spec.key === 'Enter' ? 13 : spec.key.charCodeAt(0) } : init);
  return target.dispatchEvent(event);
}

function keyTarget(doc: Document): Element {
  return deepActiveElement(doc) ?? doc.body ?? doc.documentElement;
}

/** Enter: newline in a textarea, submit in a form field, activate a focused button/link. */
function pressEnter(target: Element): void {
  if (target instanceof HTMLTextAreaElement || isContentEditable(target)) {
    insertText(target, '\n');
    markEdited(target);
    return;
  }
  if (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || target.getAttribute('role') === 'button') {
    (target as HTMLElement).click();
    return;
  }
  if (target instanceof HTMLInputElement) {
    commitChange();
    const form = target.form;
    // requestSubmit runs validation and fires `submit`, which is what the app's handler listens for.
    if (form) form.requestSubmit();
  }
}

function defaultAction(doc: Document, target: Element, spec: KeySpec, flags: Modifiers): void {
  const view = doc.defaultView;
  const command = flags.ctrlKey || flags.metaKey;
  if (command && spec.key.toLowerCase() === 'a') return selectAll(target, doc);
  if (command) return; // copy/paste/undo shortcuts have no page-visible default we can reproduce
  switch (spec.key) {
    case 'Enter':
      return pressEnter(target);
    case 'Tab': {
      const next = nextTabbable(doc, target === doc.body ? null : target, flags.shiftKey);
      if (next) focusElement(next);
      return;
    }
    case 'Backspace':
    case 'Delete':
      if (deleteText(target, spec.key === 'Backspace' ? 'backward' : 'forward')) markEdited(target);
      return;
    case 'Escape':
      return;
    case ' ':
      if (target instanceof HTMLButtonElement || (target instanceof HTMLInputElement && /^(checkbox|radio|button|submit|reset)$/.test(target.type))) {
        target.click();
        return;
      }
      break;
  }
  if (isTextField(target) && moveCaret(target, spec.key)) return;
  if (isPrintable(spec, flags) && (isTextField(target) || isContentEditable(target))) {
    if (insertText(target, spec.key)) markEdited(target);
    return;
  }
  const page = view ? view.innerHeight * 0.875 : 400;
  const scrolls: Record<string, ['up' | 'down' | 'left' | 'right', number]> = {
    ArrowDown: ['down', 40],
    ArrowUp: ['up', 40],
    ArrowLeft: ['left', 40],
    ArrowRight: ['right', 40],
    PageDown: ['down', page],
    PageUp: ['up', page],
    ' ': [flags.shiftKey ? 'up' : 'down', page],
    Home: ['up', 1e9],
    End: ['down', 1e9],
  };
  const scroll = scrolls[spec.key];
  if (scroll) scrollAt(doc, target === doc.body ? null : target, null, scroll[0], Math.round(scroll[1]));
}

/** Presses one spec with the given modifiers held: keydown, keypress (printable), default action, keyup. */
function press(doc: Document, spec: KeySpec, flags: Modifiers): void {
  const target = keyTarget(doc);
  const allowed = fire(target, 'keydown', spec, flags);
  const printable = isPrintable(spec, flags) || spec.key === 'Enter';
  const pressAllowed = allowed && printable ? fire(target, 'keypress', spec, flags) : allowed;
  if (allowed && pressAllowed) defaultAction(doc, target, spec, flags);
  // The keyup goes to whatever has focus now (Tab moved it), as in a browser.
  fire(keyTarget(doc), 'keyup', spec, flags);
}

/** A combination: modifiers go down in order, the keys are pressed, modifiers come up in reverse. */
export function pressKeys(doc: Document, keys: readonly string[]): string {
  const combo = parseKeyCombo(keys);
  const held: Modifiers = { ...NO_MODIFIERS };
  for (const modifier of combo.modifiers) {
    const flag = (modifier.key === 'Control' ? 'ctrlKey' : `${modifier.key.toLowerCase()}Key`) as keyof Modifiers;
    held[flag] = true;
    fire(keyTarget(doc), 'keydown', modifier, held);
  }
  for (const spec of combo.keys) press(doc, spec, combo.flags);
  for (const modifier of [...combo.modifiers].reverse()) {
    const flag = (modifier.key === 'Control' ? 'ctrlKey' : `${modifier.key.toLowerCase()}Key`) as keyof Modifiers;
    held[flag] = false;
    fire(keyTarget(doc), 'keyup', modifier, held);
  }
  return [...combo.modifiers, ...combo.keys].map((spec) => (spec.key === ' ' ? 'Space' : spec.key)).join('+');
}

/** Types text character by character with the key events a keyboard would send ("\n" presses Enter). */
export function typeText(doc: Document, text: string): void {
  for (const char of text) {
    if (char === '\r') continue;
    const spec = charSpec(char);
    press(doc, spec, { ...NO_MODIFIERS, shiftKey: /^[A-Z]$/.test(char) });
  }
}

export function pressEnterKey(doc: Document): void {
  press(doc, { key: 'Enter', code: 'Enter', keyCode: 13 }, NO_MODIFIERS);
}
