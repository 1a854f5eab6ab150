'use client';

import { useEffect, useRef, type KeyboardEvent } from 'react';
import styles from './tree.module.css';

export interface MenuAction {
  label: string;
  disabled?: boolean;
  run: () => void;
}

interface TreeMenuProps {
  /** The menu's accessible name, e.g. "Actions for app.js". */
  label: string;
  x: number;
  y: number;
  actions: MenuAction[];
  onClose: () => void;
}

/**
 * The per-item context menu (right click, Shift+F10 or the ContextMenu key) following the WAI-ARIA menu
 * pattern: focus moves into it, arrows move between items, Escape or a click elsewhere closes it.
 */
export function TreeMenu({ label, x, y, actions, onClose }: TreeMenuProps) {
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else if (event.key === 'Enter' || event.key === ' ') (document.activeElement as HTMLElement | null)?.click();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  // Keep the menu on screen near the pointer.
  const left = Math.min(x, window.innerWidth - 170);
  const top = Math.min(y, window.innerHeight - 34 * actions.length - 12);

  return (
    <ul ref={ref} role="menu" aria-label={label} className={styles.menu} style={{ left, top }} onKeyDown={onKeyDown}>
      {actions.map((action) => (
        <li
          key={action.label}
          role="menuitem"
          tabIndex={-1}
          aria-disabled={action.disabled || undefined}
          onClick={() => {
            if (action.disabled) return;
            onClose();
            action.run();
          }}
        >
          {action.label}
        </li>
      ))}
    </ul>
  );
}
