/**
 * Text editing as frameworks see it. React tracks an input's value through the element's own `value`
 * property, so a plain `input.value = x` is swallowed: the value is set through the prototype's native setter
 * and followed by an `input` event, which React (and Vue, Svelte, plain listeners) all accept.
 */
import { isContentEditable, isTextField } from './dom';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Sets `value` past any instance-level setter a framework installed (React's value tracker). */
export function setNativeValue(element: TextField, value: string): void {
  const proto = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}

/** selectionStart/End throw or are null on some input types (email, number): those edit at the end. */
function selectionOf(element: TextField): [number, number] {
  try {
    const start = element.selectionStart;
    const end = element.selectionEnd;
    if (start !== null && end !== null) return [start, end];
  } catch {
    /* no selection API on this input type */
  }
  return [element.value.length, element.value.length];
}

function setCaret(element: TextField, start: number, end = start): void {
  try {
    element.setSelectionRange(start, end);
  } catch {
    /* input types without a selection API */
  }
}

function fireInput(element: Element, inputType: string, data: string | null): void {
  const view = element.ownerDocument.defaultView;
  const InputEventCtor = view?.InputEvent ?? InputEvent;
  element.dispatchEvent(new InputEventCtor('input', { bubbles: true, composed: true, inputType, data }));
}

function beforeInput(element: Element, inputType: string, data: string | null): boolean {
  const view = element.ownerDocument.defaultView;
  const InputEventCtor = view?.InputEvent ?? InputEvent;
  return element.dispatchEvent(new InputEventCtor('beforeinput', { bubbles: true, cancelable: true, composed: true, inputType, data }));
}

/** Replaces the selection (or inserts at the caret) with `text`, like typing or pasting it. */
export function insertText(element: Element, text: string): boolean {
  if (isTextField(element)) {
    if (!beforeInput(element, 'insertText', text)) return false;
    const [start, end] = selectionOf(element);
    let value = element.value.slice(0, start) + text + element.value.slice(end);
    if (element instanceof HTMLInputElement) value = value.replace(/[\r\n]/g, '');
    if (element.maxLength >= 0) value = value.slice(0, element.maxLength);
    setNativeValue(element, value);
    setCaret(element, Math.min(start + text.length, value.length));
    fireInput(element, 'insertText', text);
    return true;
  }
  if (isContentEditable(element)) {
    // execCommand is the one API that edits contenteditable with undo history and real input events.
    return element.ownerDocument.execCommand('insertText', false, text);
  }
  return false;
}

/** Backspace (`backward`) or Delete: removes the selection, else one character. */
export function deleteText(element: Element, direction: 'backward' | 'forward'): boolean {
  const inputType = direction === 'backward' ? 'deleteContentBackward' : 'deleteContentForward';
  if (isTextField(element)) {
    let [start, end] = selectionOf(element);
    if (start === end) {
      if (direction === 'backward') start = Math.max(0, start - 1);
      else end = Math.min(element.value.length, end + 1);
    }
    if (start === end) return false;
    if (!beforeInput(element, inputType, null)) return false;
    setNativeValue(element, element.value.slice(0, start) + element.value.slice(end));
    setCaret(element, start);
    fireInput(element, inputType, null);
    return true;
  }
  if (isContentEditable(element)) return element.ownerDocument.execCommand(direction === 'backward' ? 'delete' : 'forwardDelete');
  return false;
}

/** Empties the field (select all + delete), for `clearBefore`. */
export function clearText(element: Element): void {
  if (isTextField(element)) {
    if (element.value === '') return;
    setNativeValue(element, '');
    fireInput(element, 'deleteContentBackward', null);
    return;
  }
  if (isContentEditable(element)) {
    const selection = element.ownerDocument.getSelection();
    selection?.selectAllChildren(element);
    element.ownerDocument.execCommand('delete');
  }
}

export function selectAll(element: Element | null, doc: Document): void {
  if (isTextField(element)) {
    element.select();
    return;
  }
  const target = isContentEditable(element) ? element : doc.body;
  doc.getSelection()?.selectAllChildren(target);
}

/** Arrow/Home/End inside a text field: moves the caret (collapsing any selection), as a person expects. */
export function moveCaret(element: TextField, key: string): boolean {
  const [start, end] = selectionOf(element);
  const length = element.value.length;
  let position: number;
  switch (key) {
    case 'ArrowLeft':
      position = start !== end ? start : Math.max(0, start - 1);
      break;
    case 'ArrowRight':
      position = start !== end ? end : Math.min(length, end + 1);
      break;
    case 'Home':
    case 'ArrowUp':
      position = 0;
      break;
    case 'End':
    case 'ArrowDown':
      position = length;
      break;
    default:
      return false;
  }
  setCaret(element, position);
  return true;
}

/** Selects the option whose label or value matches `text` (typing into a native <select>). */
export function chooseOption(select: HTMLSelectElement, text: string): boolean {
  const wanted = text.trim().toLowerCase();
  const option =
    Array.from(select.options).find((o) => o.label.trim().toLowerCase() === wanted || o.value.toLowerCase() === wanted) ??
    Array.from(select.options).find((o) => o.label.trim().toLowerCase().startsWith(wanted));
  if (!option) return false;
  select.value = option.value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}
