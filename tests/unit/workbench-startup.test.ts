/**
 * Opening a workspace: install first, then start its app only when the install succeeded (else say why), and
 * a reopened workspace restarts the dev server it was running.
 */
import { describe, expect, it } from 'vitest';
import { INSTALL_COMMAND, planStartup, runStartup, ServerCommandTracker, type SkippedStart, type StartupInput } from '@/lib/workbench/startup-sequence';

const base: StartupInput = { needsInstall: true, readOnly: false, fresh: true, templateStart: 'npm run dev', startCommand: null };

/** A terminal whose commands end with the exit codes given, in the order they run. */
function terminal(exitCodes: Record<string, number>) {
  const ran: string[] = [];
  const started: string[] = [];
  const skipped: SkippedStart[] = [];
  const waiting = new Map<string, (code: number) => void>();
  const deps = {
    run: (command: string) => {
      ran.push(command);
      const code = exitCodes[command];
      if (code !== undefined) queueMicrotask(() => waiting.get(command)?.(code));
    },
    nextExit: (command: string) => new Promise<number>((resolve) => waiting.set(command, resolve)),
    started: (command: string) => void started.push(command),
    skipped: (skip: SkippedStart) => void skipped.push(skip),
    alive: () => true,
  };
  return { deps, ran, started, skipped };
}

describe('the startup plan', () => {
  it("a fresh workspace starts its template's command; a reopened one what was running; read-only tabs nothing", () => {
    expect(planStartup(base)).toEqual({ install: true, start: 'npm run dev', why: 'template' });
    expect(planStartup({ ...base, fresh: false, startCommand: 'npx vite' })).toEqual({ install: true, start: 'npx vite', why: 'restart' });
    expect(planStartup({ ...base, fresh: false })).toEqual({ install: true, start: null, why: null });
    expect(planStartup({ ...base, readOnly: true, startCommand: 'npx vite' })).toEqual({ install: true, start: null, why: null });
    expect(planStartup({ ...base, needsInstall: false, templateStart: 'node serve.js' })).toEqual({ install: false, start: 'node serve.js', why: 'template' });
  });
});

describe('start after install', () => {
  it('starts the app only after npm install succeeded', async () => {
    const t = terminal({ [INSTALL_COMMAND]: 0 });
    const running = runStartup(planStartup(base), t.deps);
    expect(t.ran).toEqual([INSTALL_COMMAND]); // the start waits for the install's exit
    await running;
    expect(t.ran).toEqual([INSTALL_COMMAND, 'npm run dev']);
    expect(t.started).toEqual(['npm run dev']);
    expect(t.skipped).toEqual([]);
  });

  it('skips the start when npm install failed, and says which command, why and what to do', async () => {
    const t = terminal({ [INSTALL_COMMAND]: 1 });
    await runStartup(planStartup(base), t.deps);
    expect(t.ran).toEqual([INSTALL_COMMAND]);
    expect(t.started).toEqual([]);
    expect(t.skipped).toEqual([
      {
        command: 'npm run dev',
        why: 'template',
        exitCode: 1,
        message: 'npm run dev was not started: npm install failed with exit code 1. Fix what the terminal shows, then run npm run dev.',
      },
    ]);
  });

  it('a reopened workspace restarts its dev server after the install, or says it did not', async () => {
    const ok = terminal({ [INSTALL_COMMAND]: 0 });
    await runStartup(planStartup({ ...base, fresh: false, startCommand: 'npm run dev' }), ok.deps);
    expect(ok.ran).toEqual([INSTALL_COMMAND, 'npm run dev']);
    const failed = terminal({ [INSTALL_COMMAND]: 2 });
    await runStartup(planStartup({ ...base, fresh: false, startCommand: 'npm run dev' }), failed.deps);
    expect(failed.skipped[0]?.message).toMatch(
      /^npm run dev \(running when this workspace was last open\) was not restarted: npm install failed with exit code 2\./,
    );
  });

  it('without a package.json the app starts at once; a closed workspace runs nothing more', async () => {
    const t = terminal({});
    await runStartup(planStartup({ ...base, needsInstall: false, templateStart: 'node serve.js' }), t.deps);
    expect(t.ran).toEqual(['node serve.js']);
    const closed = terminal({ [INSTALL_COMMAND]: 0 });
    await runStartup(planStartup(base), { ...closed.deps, alive: () => false });
    expect(closed.ran).toEqual([INSTALL_COMMAND]);
  });
});

describe('remembering the dev server', () => {
  it('the latest command still running when a port opens is the dev server, forgotten when it ends', () => {
    const tracker = new ServerCommandTracker(null);
    tracker.started('npm run dev');
    tracker.started('ls');
    expect(tracker.exited('ls')).toBeUndefined();
    expect(tracker.portOpened()).toBe('npm run dev');
    expect(tracker.portOpened()).toBeUndefined(); // a second port of the same server changes nothing
    expect(tracker.exited('npm run dev')).toBeNull();
  });

  it('a start command handed to the terminal counts at once; what was remembered survives until it ends', () => {
    const tracker = new ServerCommandTracker('npx vite');
    expect(tracker.exited('ls')).toBeUndefined();
    tracker.adopt('npx vite');
    expect(tracker.portOpened()).toBeUndefined();
    expect(tracker.exited('npx vite')).toBeNull();
  });
});

describe('the dev server in the workspace state', () => {
  it('is persisted with the facts and survives into the next open', async () => {
    const { setupStore } = await import('./fakes/workspace-store-setup');
    const { store, sink } = await setupStore({});
    store.recordStartCommand('npm run dev');
    expect(sink.lastState?.facts.startCommand).toBe('npm run dev');
    store.dispose();
    const saved = sink.lastState?.facts;
    if (!saved) throw new Error('no state was persisted');
    const reopened = await setupStore({}, { facts: saved });
    expect(reopened.store.getSnapshot().facts.startCommand).toBe('npm run dev');
    reopened.store.recordStartCommand(null);
    expect(reopened.sink.lastState?.facts.startCommand).toBeNull();
    reopened.store.dispose();
  });
});
