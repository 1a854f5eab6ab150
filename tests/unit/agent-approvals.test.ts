import { describe, expect, it } from 'vitest';
import { settleInterrupted } from '@/lib/chat/conversation-store';
import type { IdeUIMessage } from '@/lib/agent/messages';
import { commandRisks } from '@/lib/agent/approvals/command-risk';
import { approvalCommand, approvalFor } from '@/lib/agent/approvals/decide';
import {
  allowCommand,
  approvalSettingsSchema,
  DEFAULT_APPROVAL_SETTINGS,
  MAX_ALLOWED_COMMANDS,
  readApprovalSettings,
  type ApprovalSettings,
} from '@/lib/agent/approvals/policy';

describe('what a command line may do', () => {
  it.each([
    ['ls -la && cat package.json | grep name', []],
    ['npm run build', []],
    ['npm test -- --watch=false', []],
    ['node server.js', []],
    ['git status && git log --oneline -5 && git diff', []],
    ['git commit -m "rm this later"', []],
    ['echo hi > notes.txt', []],
    ['npm install react', ['install']],
    ['FOO=1 npm i -D vitest', ['install']],
    ['pnpm add zod', ['install']],
    ['yarn', ['install']],
    ['npx create-vite@latest app', ['install']],
    ['npm create vite@latest my-app -- --template react', ['install']],
    ['curl -s http://localhost:3000/api', ['network']],
    ['git clone https://example.test/repo.git', ['network']],
    ['npm publish', ['network']],
    ['rm -rf dist', ['destructive']],
    ['/bin/rm -f a.txt', ['destructive']],
    ['git reset --hard HEAD~1', ['destructive']],
    ['git clean -fdx', ['destructive']],
    ['git checkout -- src/app.ts', ['destructive']],
    ['git branch -D feature', ['destructive']],
    ['find . -name "*.log" -delete', ['destructive']],
    ['git push --force origin main', ['network', 'destructive']],
    ['echo $(rm -rf build)', ['destructive']],
    ['echo `curl http://x.test`', ['network']],
    ['ls | xargs rm', ['destructive']],
    ['sudo -u nobody rm x', ['destructive']],
    ['bash -c "npm install left-pad && rm -rf /tmp/x"', ['install', 'destructive']],
    ['eval "$CMD"', ['opaque']],
    ['$RUNNER build', ['opaque']],
    ['sh script.sh', ['opaque']],
  ])('%s → %j', (line, risks) => {
    expect(commandRisks(line)).toEqual(risks);
  });
});

describe('whether a call waits for the user', () => {
  const risky: ApprovalSettings = { policy: 'risky', allowlist: [] };
  const every: ApprovalSettings = { policy: 'every', allowlist: [] };

  it('under the default policy: installs, network and destructive commands ask, with the reason in words', () => {
    expect(approvalFor('run_sh', { cmd: 'rm -rf dist' }, risky)).toEqual({ command: 'rm -rf dist', reasons: ['deletes or discards files or history'] });
    expect(approvalFor('install_npm', { packages: ['react', 'react-dom'], dev: false }, risky)).toEqual({
      command: 'npm install react react-dom',
      reasons: ['installs or removes packages'],
    });
    expect(approvalFor('run_sh', { cmd: 'npm run build' }, risky)).toBeNull();
    expect(approvalFor('test_run', {}, risky)).toBeNull();
    expect(approvalFor('fs_deletePath', { path: '/src' }, risky)).toBeNull();
  });

  it('"every" asks before each command (tests too) but never for file tools; "never" and no settings ask for nothing', () => {
    expect(approvalFor('run_sh', { cmd: 'ls' }, every)).toEqual({ command: 'ls', reasons: [] });
    expect(approvalFor('test_run', { testFile: 'src/a.test.ts' }, every)?.command).toBe('the project’s tests in src/a.test.ts');
    expect(approvalFor('fs_writeFile', { path: '/a', content: 'x' }, every)).toBeNull();
    expect(approvalFor('run_sh', { cmd: 'rm -rf /' }, { policy: 'never', allowlist: [] })).toBeNull();
    expect(approvalFor('run_sh', { cmd: 'rm -rf /' }, undefined)).toBeNull();
  });

  it('an allowed command runs at once under any policy; the match is exact', () => {
    const allowed = allowCommand(every, 'rm -rf dist');
    expect(approvalFor('run_sh', { cmd: '  rm -rf dist ' }, allowed)).toBeNull();
    expect(approvalFor('run_sh', { cmd: 'rm -rf dist src' }, allowed)).not.toBeNull();
    expect(approvalFor('install_npm', { packages: ['zod'], dev: true }, allowCommand(risky, 'npm install --save-dev zod'))).toBeNull();
  });

  it('the command is written as a user would type it', () => {
    expect(approvalCommand('install_npm', { packages: ['vitest'], dev: true })).toBe('npm install --save-dev vitest');
    expect(approvalCommand('run_sh', { cmd: ' git push ', background: false })).toBe('git push');
    expect(approvalCommand('fs_readFile', { path: '/a' })).toBeNull();
  });
});

describe('the stored settings', () => {
  it('absent or damaged settings fall back field by field to asking before risky commands', () => {
    expect(readApprovalSettings(undefined)).toEqual(DEFAULT_APPROVAL_SETTINGS);
    expect(readApprovalSettings({ policy: 'sometimes', allowlist: ['ls'] })).toEqual({ policy: 'risky', allowlist: ['ls'] });
    expect(readApprovalSettings({ policy: 'never', allowlist: 'ls' })).toEqual({ policy: 'never', allowlist: [] });
    expect(readApprovalSettings('nonsense')).toEqual(DEFAULT_APPROVAL_SETTINGS);
  });

  it('a request with a policy it does not know is refused rather than guessed', () => {
    expect(approvalSettingsSchema.safeParse({ policy: 'sometimes', allowlist: [] }).success).toBe(false);
  });

  it('allowing a command twice keeps it once, newest last, and the list stays bounded', () => {
    let settings = allowCommand(allowCommand(DEFAULT_APPROVAL_SETTINGS, 'a'), 'b');
    settings = allowCommand(settings, 'a');
    expect(settings.allowlist).toEqual(['b', 'a']);
    for (let i = 0; i < MAX_ALLOWED_COMMANDS + 5; i++) settings = allowCommand(settings, `cmd ${i}`);
    expect(settings.allowlist).toHaveLength(MAX_ALLOWED_COMMANDS);
    expect(settings.allowlist.at(-1)).toBe(`cmd ${MAX_ALLOWED_COMMANDS + 4}`);
  });
});

describe('a conversation reloaded while a call waits for approval', () => {
  it('keeps the waiting call of the last message (nothing ran), and closes running ones as interrupted', () => {
    const waiting = {
      type: 'tool-run_sh',
      toolCallId: 'w',
      state: 'approval-requested',
      input: { cmd: 'rm -rf dist', background: false },
      approval: { id: 'a1' },
    };
    const running = { type: 'tool-run_sh', toolCallId: 'r', state: 'input-available', input: { cmd: 'ls', background: false } };
    const older = { id: 'm1', role: 'assistant', parts: [{ ...waiting, toolCallId: 'old' }] } as unknown as IdeUIMessage;
    const last = { id: 'm2', role: 'assistant', parts: [waiting, running] } as unknown as IdeUIMessage;
    const [settledOlder, settledLast] = settleInterrupted([older, last]);
    expect(settledOlder?.parts[0]).toMatchObject({ state: 'output-error', errorText: 'Interrupted: the page was reloaded before this call finished.' });
    expect(settledLast?.parts[0]).toEqual(waiting);
    expect(settledLast?.parts[1]).toMatchObject({ state: 'output-error' });
  });
});
