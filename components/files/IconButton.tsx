import type { ReactNode } from 'react';
import styles from './tree.module.css';

/** A compact toolbar button: the icon is decorative, `label` is its accessible name, `hint` its tooltip. */
export function IconButton({ label, hint, disabled, onClick, children }: { label: string; hint?: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} title={hint ?? label} disabled={disabled} className={styles.iconButton} onClick={onClick}>
      {children}
    </button>
  );
}
