/**
 * Whether one tool call waits for the user. The same function runs on the server (it marks the call for
 * approval in the stream) and in the tab (which runs tools and must not start one the user has to approve),
 * with the settings the request carried, so both always agree. Only commands ask: the shell (git included),
 * npm installs and test runs; file tools are undone by checkpoints instead.
 */
import type { ApprovalSettings } from './policy';
import { commandRisks, RISK_TEXT, type CommandRisk } from './command-risk';

interface ApprovalRequest {
  /** The exact command, as the card shows it and as "always allow" stores it. */
  command: string;
  /** Why it asks, in words ("installs or removes packages; uses the network"); empty under "every". */
  reasons: string[];
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The command a tool call runs, written as a user would type it; null for tools that run no command. */
export function approvalCommand(toolName: string, input: unknown): string | null {
  const args = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  switch (toolName) {
    case 'run_sh':
      return str(args.cmd).trim();
    case 'install_npm': {
      const packages = Array.isArray(args.packages) ? args.packages.filter((name): name is string => typeof name === 'string') : [];
      return `npm install ${args.dev === true ? '--save-dev ' : ''}${packages.join(' ')}`.trim();
    }
    case 'test_run': {
      const file = str(args.testFile).trim();
      return file === '' ? 'the project’s tests' : `the project’s tests in ${file}`;
    }
    default:
      return null;
  }
}

function risksOf(toolName: string, command: string): CommandRisk[] {
  if (toolName === 'install_npm') return ['install'];
  if (toolName === 'run_sh') return commandRisks(command);
  // The project's own test script runs whatever it names, but the agent did not choose those words.
  return [];
}

/** The approval this call needs under the settings, or null when it may run at once. */
export function approvalFor(toolName: string, input: unknown, settings: ApprovalSettings | undefined): ApprovalRequest | null {
  if (!settings || settings.policy === 'never') return null;
  const command = approvalCommand(toolName, input);
  if (command === null || command === '' || settings.allowlist.includes(command)) return null;
  const reasons = risksOf(toolName, command).map((risk) => RISK_TEXT[risk]);
  if (settings.policy === 'risky' && reasons.length === 0) return null;
  return { command, reasons };
}
