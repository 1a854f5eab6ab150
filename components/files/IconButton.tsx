import type { ReactNode } from 'react';
import styles from './tree.module.css';

/**
 * A compact toolbar button: the icon is decorative, `label` is its accessible name, `hint` its tooltip;
 * `pressed` makes it a toggle button.
 */
export function IconButton({
  label,
  hint,
  disabled,
  pressed,
  onClick,
  children,
}: {
  label: string;
  hint?: string;
  disabled?: boolean;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} aria-pressed={pressed} title={hint ?? label} disabled={disabled} className={styles.iconButton} onClick={onClick}>
      {children}
    </button>
  );
}
