/**
 * Focus that comes back: opening a dialog or quick open remembers where focus was, and closing it puts focus
 * back there unless the action moved it on purpose (quick open into the editor). Browsers drop focus to
 * `<body>` when a focused dialog is removed from the page, which leaves keyboard users nowhere.
 */
export function rememberFocus(): () => void {
  const previous = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  return () => {
    requestAnimationFrame(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && previous?.isConnected) previous.focus();
    });
  };
}

/**
 * For every other modal dialog of the IDE (close a dirty tab, delete a file, switch workspace): when one
 * closes and focus fell to `<body>`, return it to the last element focused outside any dialog.
 */
export function returnFocusAfterDialogs(): () => void {
  let lastOutside: HTMLElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('dialog')) lastOutside = target;
  };
  const onClose = () => {
    requestAnimationFrame(() => {
      if (document.activeElement !== document.body || !lastOutside?.isConnected) return;
      lastOutside.focus();
    });
  };
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('close', onClose, true);
  return () => {
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('close', onClose, true);
  };
}

/** A modal dialog is open: shortcuts wait until it closes. */
export function modalOpen(): boolean {
  return Array.from(document.querySelectorAll('dialog[open]')).some((dialog) => dialog.matches(':modal'));
}
