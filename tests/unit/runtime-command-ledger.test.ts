import { describe, expect, it } from 'vitest';
import { CommandLedger } from '@/lib/runtime/isolated/ide-side/command-ledger';

describe('the commands the IDE knows are running', () => {
  it('let a port open only while a command (not a bare shell) runs', () => {
    const ledger = new CommandLedger();
    expect(ledger.accepts(true)).toBe(false);
    ledger.started(1, true);
    // The terminal's shell alone serves nothing: a forged "open" while only it runs is dropped.
    expect(ledger.accepts(true)).toBe(false);
    ledger.started(2, false);
    expect(ledger.accepts(true)).toBe(true);
    ledger.ended(2);
    expect(ledger.accepts(true)).toBe(false);
  });

  it('always let a close through (it only takes a preview away)', () => {
    expect(new CommandLedger().accepts(false)).toBe(true);
  });

  it('refuses an open that names a process the IDE does not know as running, and says why', () => {
    const ledger = new CommandLedger();
    ledger.started(2, false);
    const running = (pid: number) => pid === 2;
    expect(ledger.refusal(true, 2, running)).toBeNull();
    expect(ledger.refusal(true, undefined, running)).toBeNull();
    expect(ledger.refusal(true, 987654, running)).toBe('it names process 987654, which the IDE does not know as running');
    expect(ledger.refusal(false, 987654, running)).toBeNull();
    ledger.ended(2);
    expect(ledger.refusal(true, 2, running)).toBe('no command the IDE started is running');
  });
});
