'use client';

import { useEffect, useState } from 'react';
import { usePanelRef, type PanelImperativeHandle, type PanelSize } from 'react-resizable-panels';
import { useCommandHandler } from '@/components/commands/useCommandHandler';
import { onCommandRequest } from '@/lib/commands/bus';
import { focusRegion, regionElement, revealRequest, type RegionName } from '@/lib/commands/regions';
import type { CommandId } from '@/lib/commands/registry';

/** The panes that can be hidden (the editor always shows), the region each holds and the command that toggles it. */
export const PANES = [
  { id: 'files', region: 'Files', command: 'view.toggleFiles' },
  { id: 'preview', region: 'Preview', command: 'view.togglePreview' },
  { id: 'terminal', region: 'Terminal', command: 'view.toggleTerminal' },
  { id: 'agent', region: 'Agent', command: 'view.toggleAgent' },
] as const satisfies readonly { id: string; region: RegionName; command: CommandId }[];

export type PaneId = (typeof PANES)[number]['id'];

/** Each hideable pane's default and smallest size, in % of its group (the layout's panels are given these). */
export const PANE_SIZES: Record<PaneId, { defaultSize: number; minSize: number }> = {
  files: { defaultSize: 20, minSize: 10 },
  preview: { defaultSize: 38, minSize: 15 },
  terminal: { defaultSize: 38, minSize: 8 },
  agent: { defaultSize: 26, minSize: 14 },
};

/**
 * Shows a hidden pane at the size it had before it was hidden. That size lives only in memory: after a reload
 * the panel library would bring the pane back at its minimum (a terminal one row tall), so it gets its
 * default size instead.
 */
function show(panel: PanelImperativeHandle, id: PaneId): void {
  panel.expand();
  const { defaultSize, minSize } = PANE_SIZES[id];
  if (panel.getSize().asPercentage < minSize + 0.5) panel.resize(`${defaultSize}%`);
}

type PaneRefs = Record<PaneId, React.RefObject<PanelImperativeHandle | null>>;

export interface Panes {
  refs: PaneRefs;
  hidden: Record<PaneId, boolean>;
  /** For the pane's Panel: keeps `hidden` in step with the pane's size, whether a toggle or a drag hid it. */
  onResize(id: PaneId): (size: PanelSize) => void;
  toggle(id: PaneId): void;
}

const SHOWN: Record<PaneId, boolean> = { files: false, preview: false, terminal: false, agent: false };

/**
 * Hiding and showing panes (collapsing their Panel to nothing, so the terminal and preview keep running), by
 * toggle button or shortcut. A pane that held keyboard focus hands it to the editor as it hides, so focus never
 * sits in something invisible.
 */
export function usePanes(): Panes {
  const refs: PaneRefs = { files: usePanelRef(), preview: usePanelRef(), terminal: usePanelRef(), agent: usePanelRef() };
  const [hidden, setHidden] = useState(SHOWN);

  const toggle = (id: PaneId) => {
    const panel = refs[id].current;
    if (!panel) return;
    if (panel.isCollapsed()) {
      show(panel, id);
      return;
    }
    const region = PANES.find((pane) => pane.id === id)?.region;
    const hadFocus = region ? regionElement(region)?.contains(document.activeElement) : false;
    panel.collapse();
    if (hadFocus) focusRegion('Editor');
  };

  // "Focus terminal" and the like on a hidden pane show it first.
  useEffect(() => {
    const stops = PANES.map((pane) =>
      onCommandRequest(revealRequest(pane.region), () => {
        const panel = refs[pane.id].current;
        if (panel?.isCollapsed()) show(panel, pane.id);
      }),
    );
    return () => stops.forEach((stop) => stop());
    // The refs are stable objects; their `current` is read when a request comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useCommandHandler('view.toggleFiles', () => toggle('files'));
  useCommandHandler('view.togglePreview', () => toggle('preview'));
  useCommandHandler('view.toggleTerminal', () => toggle('terminal'));
  useCommandHandler('view.toggleAgent', () => toggle('agent'));

  const onResize = (id: PaneId) => (size: PanelSize) => {
    const now = size.inPixels < 1;
    setHidden((previous) => (previous[id] === now ? previous : { ...previous, [id]: now }));
  };

  return { refs, hidden, onResize, toggle };
}
