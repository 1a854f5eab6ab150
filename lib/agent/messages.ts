/**
 * What travels between the chat and POST /api/ai: the mode, the bounded workspace state, the request body,
 * and the UI message type with its metadata. One definition, used by the route and the chat panel.
 */
import type { InferUITools, UIMessage } from 'ai';
import { z } from 'zod';
import { approvalSettingsSchema } from './approvals/policy';
import { imagePartsProblem } from './attachments';
import { unknownPartProblem } from './message-parts';
import { packageManifestSchema } from './context/manifest';
import { turnChecksSchema } from './self-check/results';
import { nudgeSchema, stepEndingSchema } from './step-ending';
import type { AgentTools } from './tools';
import { agentModeSchema, type AgentMode } from './agent-mode';

export { agentModeSchema, type AgentMode };

/** What the client tells the server about the workspace. Never file contents: names and facts only. */
export const workspaceStateSchema = z.object({
  files: z.array(z.string().max(1024)).max(20_000).default([]),
  lastCommand: z.string().max(4000).nullable().default(null),
  serverRunning: z.boolean().default(false),
  openPorts: z.array(z.number().int().min(1).max(65535)).max(100).default([]),
  installedPackages: z.array(z.string().max(214)).max(2000).default([]),
  /** Editor tabs, and files the agent changed lately (newest first): the summary names them in full. */
  openFiles: z.array(z.string().max(1024)).max(50).optional(),
  recentFiles: z.array(z.string().max(1024)).max(50).optional(),
  /** The root package.json's scripts and dependencies (read in the tab). */
  manifest: packageManifestSchema.nullable().optional(),
  /** A checkpoint the user restored since the last request (sent once): the agent's earlier edits may be gone. */
  restoredCheckpoint: z
    .object({ label: z.string().max(500), at: z.number() })
    .nullable()
    .optional(),
});
export type WorkspaceState = z.infer<typeof workspaceStateSchema>;

/** Whose API key paid for a model call: the user's own (from Settings), the server's, or none (replay). */
export const keySourceSchema = z.enum(['user', 'server', 'none']);
export type KeySource = z.infer<typeof keySourceSchema>;

export const messageMetadataSchema = z.object({
  /** User messages: the mode the run they start uses. Assistant messages: the mode that answered. */
  mode: agentModeSchema.optional(),
  /** Assistant messages: the model id that wrote them (its thought signatures are valid for it only). */
  model: z.string().max(200).optional(),
  /** Assistant messages: whose API key paid for them (the user's own from Settings, or the server's). */
  keySource: keySourceSchema.optional(),
  usage: z
    .object({
      inputTokens: z.number().optional(),
      outputTokens: z.number().optional(),
      reasoningTokens: z.number().optional(),
      totalTokens: z.number().optional(),
    })
    .optional(),
  /** The mode's step cap as the server resolved it (env overrides included), so the client enforces the same cap. */
  maxSteps: z.number().int().positive().optional(),
  /** Set on the last message when the mode's step cap stopped the agent (the UI offers Continue). */
  stepLimitReached: z.boolean().optional(),
  /** Assistant messages: how their latest model step ended (the chat explains any ending but a normal one). */
  ending: stepEndingSchema.optional(),
  /** The turn's last message: what the project's checks found after the turn (set in the tab, never by the server). */
  checks: turnChecksSchema.optional(),
});
export type MessageMetadata = z.infer<typeof messageMetadataSchema>;

export type IdeUIMessage = UIMessage<MessageMetadata, Record<string, never>, InferUITools<AgentTools>>;

/** The POST body; `messages` are UI messages, checked structurally by the AI SDK when converted. */
export const chatRequestSchema = z.object({
  messages: z
    .array(
      z
        .object({ id: z.string(), role: z.enum(['system', 'user', 'assistant']), parts: z.array(z.unknown()) })
        .passthrough()
        // Every part's type must be one this route knows; attached images are the one part the client builds
        // from user data, so they are checked here in full, before the SDK.
        .superRefine((message, ctx) => {
          const unknown = unknownPartProblem(message.parts);
          if (unknown) {
            ctx.addIssue({ code: 'custom', path: ['parts', unknown.index, 'type'], message: unknown.message });
            return;
          }
          const problem = imagePartsProblem(message.parts);
          if (problem) ctx.addIssue({ code: 'custom', path: ['parts'], message: problem });
        }),
    )
    .min(1)
    .max(500),
  mode: agentModeSchema.default('balanced'),
  workspaceState: workspaceStateSchema.default({ files: [], lastCommand: null, serverRunning: false, openPorts: [], installedPackages: [] }),
  /** After a step that ended badly: the chat asks the model to continue, or to try the step again. */
  nudge: nudgeSchema.optional(),
  /**
   * The workspace's approval policy and allowed commands, as the tab will apply them to this step's calls.
   * Absent: nothing asks (the tab that sent the request runs every call it gets).
   */
  approvals: approvalSettingsSchema.optional(),
});

/** Request bodies above this are refused with 413 before parsing (the client sends names, not contents). */
export const MAX_CHAT_BODY_BYTES = 4 * 1024 * 1024;
