import { describe, expect, it } from 'vitest';
import { ServerTracker, type ServerOwner } from '@/lib/runtime-frame/offline/servers';

describe('which process opened a port', () => {
  it('a server opened while a process runs is reported with that process (the newest), and without one when none is known', () => {
    const opened: [number, number | undefined][] = [];
    const tracker = new ServerTracker({ unregisterServer: () => undefined }, { open: (port, pid) => opened.push([port, pid]), close: () => undefined });
    const owner = (pid?: number): ServerOwner => ({ pid, serverOpened: () => undefined, serverClosed: () => undefined });

    tracker.opened(4000, {});
    const leaveShell = tracker.enter(owner(7));
    tracker.opened(3000, {});
    const leaveChild = tracker.enter(owner(9));
    tracker.opened(3001, {});
    leaveChild();
    tracker.opened(3002, {});
    leaveShell();

    expect(opened).toEqual([
      [4000, undefined],
      [3000, 7],
      [3001, 9],
      [3002, 7],
    ]);
  });
});
