'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { cropToElement, type ElementAttachment } from '@/lib/chat/element-attachment';
import { createPreviewComputer } from '@/lib/computer-use/preview-computer';
import { pickElement, type ElementPick } from '@/lib/preview/element-pick';

/**
 * "Select element": starts picking in the preview frame (focused, so the keyboard works there too), and hands the
 * chosen element with a picture of it to `onPicked`. Toggling again, or the panel going away, cancels.
 */
export function useElementPicking(frame: () => HTMLIFrameElement | null, onPicked: ((picked: ElementAttachment) => void) | undefined) {
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const current = useRef<ElementPick | null>(null);
  useEffect(() => () => current.current?.cancel(), []);

  const toggle = useCallback(() => {
    if (current.current) {
      current.current.cancel();
      return;
    }
    const element = frame();
    if (!element || !onPicked) return;
    setProblem(null);
    let pick: ElementPick;
    try {
      pick = pickElement(element);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return;
    }
    current.current = pick;
    setPicking(true);
    element.focus();
    void pick.result.then(async (picked) => {
      current.current = null;
      setPicking(false);
      if (!picked) return;
      const computer = createPreviewComputer(frame, { timeoutMs: 8000 });
      // The chip is worth having without its picture: a failed capture leaves the image out, not the element.
      const image = await computer
        .screenshot()
        .then((shot) => cropToElement(shot, picked.rect))
        .catch(() => null)
        .finally(() => void computer.close());
      onPicked({ element: picked, image });
    });
  }, [frame, onPicked]);

  return { picking, problem, toggle };
}
