'use client';

import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { onCommandRequest } from '@/lib/commands/bus';
import { REGIONS, revealRequest, type RegionName } from '@/lib/commands/regions';
import { Region, type LayoutSlots } from './layout-parts';
import { useOpenWorkspace } from './open-workspace';
import styles from './workbench.module.css';
import { WorkspaceTopBar } from './WorkspaceTopBar';
import { SettingsButton } from '@/components/settings/SettingsButton';
import topbar from './topbar.module.css';

/** Narrower than this, five panes side by side cannot be read: one shows at a time. */
export const PHONE_QUERY = '(max-width: 899px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tab order: where work starts (the editor) is not first; the order matches the wide layout's F6 order. */
const TABS: readonly RegionName[] = REGIONS;

/**
 * One pane at a time, picked with tabs (arrow keys move between them, as in any tablist). Every pane stays
 * mounted and only hides, so the terminal's processes and the preview's page carry on while another shows.
 * Opening a file shows the editor; "focus terminal" and the like show their pane.
 */
export function PhoneLayout({ files, filesActions, editor, preview, terminal, agent }: LayoutSlots) {
  const [active, setActive] = useState<RegionName>('Editor');
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const store = useOpenWorkspace();
  const activePath = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.getSnapshot().activePath ?? null,
    () => null,
  );

  useEffect(() => {
    const stops = TABS.map((name) => onCommandRequest(revealRequest(name), () => setActive(name)));
    return () => stops.forEach((stop) => stop());
  }, []);

  const opened = useRef(activePath);
  useEffect(() => {
    if (activePath && activePath !== opened.current) setActive('Editor');
    opened.current = activePath;
  }, [activePath]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const index = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (TABS.indexOf(active) + step + TABS.length) % TABS.length;
    if (step === 0 && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next = TABS[index] ?? 'Editor';
    setActive(next);
    tabs.current[next]?.focus();
  };

  const content: Record<RegionName, LayoutSlots[keyof LayoutSlots]> = { Files: files, Editor: editor, Preview: preview, Terminal: terminal, Agent: agent };
  return (
    <>
      <WorkspaceTopBar actions={<SettingsButton className={topbar.toggle} />} />
      <div role="tablist" aria-label="Panes" className={styles.phoneTabs} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(node) => void (tabs.current[name] = node)}
            type="button"
            role="tab"
            id={`phone-tab-${name}`}
            aria-selected={active === name}
            aria-controls={`phone-panel-${name}`}
            tabIndex={active === name ? 0 : -1}
            className={styles.phoneTab}
            onClick={() => setActive(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <main aria-label="Tabsmith IDE" className={styles.phoneMain}>
        {TABS.map((name) => (
          <div
            key={name}
            role="tabpanel"
            id={`phone-panel-${name}`}
            aria-labelledby={`phone-tab-${name}`}
            hidden={active !== name}
            className={styles.phonePanel}
          >
            <Region label={name} actions={name === 'Files' ? filesActions : undefined} hidden={active !== name}>
              {content[name]}
            </Region>
          </div>
        ))}
      </main>
    </>
  );
}

const noSubscription = () => () => undefined;
