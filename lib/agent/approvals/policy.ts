/**
 * When the agent must ask before a command runs: the workspace's policy and the commands the user allowed
 * for good. One definition serves the settings (stored with the workspace), the chat's request body and the
 * decision both the server (streamText's toolApproval) and the tab (which runs the tools) take from it.
 */
import { z } from 'zod';

export const APPROVAL_POLICIES = ['every', 'risky', 'never'] as const;
const approvalPolicySchema = z.enum(APPROVAL_POLICIES);
type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = 'risky';

export const APPROVAL_POLICY_LABELS: Record<ApprovalPolicy, string> = {
  every: 'Ask before every command',
  risky: 'Ask before installs, network and destructive commands',
  never: 'Never ask',
};

/** An allowed command is kept exactly as the card showed it; a long list is a sign of a loop, not a user. */
export const MAX_ALLOWED_COMMANDS = 200;
const MAX_COMMAND_CHARS = 2_000;

const allowlistSchema = z.array(z.string().min(1).max(MAX_COMMAND_CHARS)).max(MAX_ALLOWED_COMMANDS);

/** As the chat sends it: checked strictly (a bad value is a 400, not a silent default). */
export const approvalSettingsSchema = z.object({ policy: approvalPolicySchema, allowlist: allowlistSchema });
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = { policy: DEFAULT_APPROVAL_POLICY, allowlist: [] };

/** As stored with a workspace: an old, absent or hand-edited record keeps whatever part of it is valid. */
const storedApprovalSettingsSchema = z.object({
  policy: approvalPolicySchema.catch(DEFAULT_APPROVAL_POLICY),
  allowlist: allowlistSchema.catch([]),
});

export function readApprovalSettings(stored: unknown): ApprovalSettings {
  return storedApprovalSettingsSchema.catch(DEFAULT_APPROVAL_SETTINGS).parse(stored ?? {});
}

/** The allowlist with one more command (kept once, newest last, the oldest dropped past the cap). */
export function allowCommand(settings: ApprovalSettings, command: string): ApprovalSettings {
  const allowlist = [...settings.allowlist.filter((entry) => entry !== command), command].slice(-MAX_ALLOWED_COMMANDS);
  return { ...settings, allowlist };
}
