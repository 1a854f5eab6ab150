'use client';

import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * A `<dialog>` shown modal for as long as its component is mounted (the browser then keeps focus inside it and
 * makes the rest of the page inert). Esc asks the owner to close instead of closing it behind React's back.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  return { ref, onCancel };
}
