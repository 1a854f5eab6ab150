'use client';

import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { LayoutSlots } from './layout-parts';

type SlotName = keyof LayoutSlots;

/**
 * The panes' contents outlive a change of layout. The desktop and phone layouts place the panes in different
 * trees, so React would unmount and remount whatever they hold when the window crosses the phone breakpoint: the
 * terminals (and the processes they run), the chat (and its run), the preview. Instead each pane's content is
 * rendered once, through a portal, into a container element of its own; a layout only gives it a place, and the
 * container moves there as a DOM node. Only the preview's page reloads (a browser reloads a moved iframe); its
 * server keeps running.
 */
export function usePersistentSlots(slots: LayoutSlots): { places: LayoutSlots; portals: ReactNode } {
  const [containers] = useState(() => new Map<SlotName, HTMLElement>());
  const containerFor = (name: SlotName) => {
    let container = containers.get(name);
    if (!container) {
      container = document.createElement('div');
      // Takes no box of its own: the content lays out as a child of the pane, as it would unwrapped.
      container.style.display = 'contents';
      containers.set(name, container);
    }
    return container;
  };
  const names = Object.keys(slots).filter((name) => slots[name as SlotName] !== undefined) as SlotName[];
  const places = Object.fromEntries(names.map((name) => [name, <SlotPlace key={name} container={containerFor(name)} />])) as unknown as LayoutSlots;
  const portals = names.map((name) => (
    <SlotPortal key={name} container={containerFor(name)}>
      {slots[name]}
    </SlotPortal>
  ));
  return { places, portals };
}

function SlotPortal({ container, children }: { container: HTMLElement; children: ReactNode }) {
  return createPortal(children, container);
}

/** Where a layout shows a pane: the pane's container is moved in here while this place is mounted. */
function SlotPlace({ container }: { container: HTMLElement }) {
  const place = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = place.current;
    if (!element) return;
    element.appendChild(container);
    return () => {
      if (container.parentElement === element) element.removeChild(container);
    };
  }, [container]);
  return <div ref={place} style={{ display: 'contents' }} />;
}
