'use client';

import { commandTitle } from '@/lib/commands/registry';
import styles from './topbar.module.css';
import { PANES, type Panes } from './usePanes';

/** Icons drawn with the pane's position in a window: a filled band where the pane sits. */
const ICONS: Record<(typeof PANES)[number]['id'], string> = {
  files: 'M2 3h12v10H2z M2 3h4v10H2z',
  preview: 'M2 3h12v10H2z M9 3h5v10H9z',
  terminal: 'M2 3h12v10H2z M2 9h12v4H2z',
  agent: 'M2 3h12v10H2z M11 3h3v10h-3z',
};

const LABELS: Record<(typeof PANES)[number]['id'], string> = { files: 'Files pane', preview: 'Preview pane', terminal: 'Terminal pane', agent: 'Agent column' };

/** One toggle button per pane: pressed while the pane shows; the tooltip names the shortcut. */
export function PaneToggles({ panes }: { panes: Panes }) {
  return (
    <div role="group" aria-label="Panes" className={styles.toggles}>
      {PANES.map((pane) => {
        const shown = !panes.hidden[pane.id];
        return (
          <button
            key={pane.id}
            type="button"
            className={styles.toggle}
            aria-pressed={shown}
            aria-label={LABELS[pane.id]}
            title={commandTitle(pane.command, `${shown ? 'Hide' : 'Show'} the ${LABELS[pane.id].toLowerCase()}`)}
            onClick={() => panes.toggle(pane.id)}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
              {ICONS[pane.id].split(' M').map((d, index) => (
                <path key={d} d={index === 0 ? d : `M${d}`} fill={index === 0 ? 'none' : 'currentColor'} stroke="currentColor" strokeWidth="1.2" />
              ))}
            </svg>
          </button>
        );
      })}
    </div>
  );
}
