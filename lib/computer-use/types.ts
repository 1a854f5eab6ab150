/**
 * Computer use: the contracts every part shares. One normalized action vocabulary (`Action`, wide enough for
 * every provider's set), the provider-neutral `Computer`, and the postMessage protocol between the
 * IDE and the bridge script injected into preview pages. Adapters for each model's action names map INTO
 * `Action`; the bridge only ever executes `Action`.
 *
 * Coordinates in an `Action` are CSS pixels of the preview's viewport (already denormalized from a model's
 * 0–999 grid by the adapters, against the live viewport size).
 */
import { z } from 'zod';

const point = { x: z.number().int().min(0), y: z.number().int().min(0) };
/** Set-of-Mark target: when set, the bridge resolves the element labelled on the last screenshot instead of x/y. */
const label = { label: z.number().int().min(1).optional() };

const scrollDirectionSchema = z.enum(['up', 'down', 'left', 'right']);

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('click'), ...point, ...label, button: z.enum(['left', 'right', 'middle']).default('left') }),
  z.object({ type: z.literal('double_click'), ...point, ...label }),
  z.object({ type: z.literal('triple_click'), ...point, ...label }),
  z.object({ type: z.literal('right_click'), ...point, ...label }),
  z.object({ type: z.literal('middle_click'), ...point, ...label }),
  z.object({ type: z.literal('mouse_down'), ...point }),
  z.object({ type: z.literal('mouse_up'), ...point }),
  /** Hover: pointer/mouse over/enter/move events on the element under the point. */
  z.object({ type: z.literal('move'), ...point }),
  /** Types at the point (focusing it first) or, without a point, into whatever has focus. */
  z.object({
    type: z.literal('type'),
    text: z.string().max(10_000),
    x: point.x.optional(),
    y: point.y.optional(),
    ...label,
    pressEnter: z.boolean().default(false),
    clearBefore: z.boolean().default(false),
  }),
  /** One key or a combination, pressed together: ["Enter"], ["Control", "a"], ["Shift", "Tab"]. */
  z.object({ type: z.literal('key'), keys: z.array(z.string().min(1)).min(1).max(6) }),
  /** Scrolls the scrollable element under the point (the page when no point), by `amount` CSS pixels. */
  z.object({
    type: z.literal('scroll'),
    x: point.x.optional(),
    y: point.y.optional(),
    direction: scrollDirectionSchema,
    amount: z.number().int().min(1).max(100_000),
  }),
  /** Drag along a path of at least two points (start → … → drop). */
  z.object({ type: z.literal('drag'), path: z.array(z.object(point)).min(2).max(100) }),
  /** Only inside the preview's origin: a path ("/about") or a same-origin URL. */
  z.object({ type: z.literal('navigate'), url: z.string().min(1).max(2048) }),
  z.object({ type: z.literal('back') }),
  z.object({ type: z.literal('forward') }),
  z.object({ type: z.literal('wait'), durationMs: z.number().int().min(0).max(60_000) }),
  z.object({ type: z.literal('screenshot') }),
]);

export type Action = z.infer<typeof actionSchema>;
export type ActionType = Action['type'];

export interface DisplaySize {
  width: number;
  height: number;
}

/** A numbered interactive element on a Set-of-Mark screenshot (CSS pixels of the viewport). */
export interface Mark {
  label: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Tag and accessible text, for the model and the step log. */
  description: string;
}

export const SCREENSHOT_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export type ScreenshotMimeType = (typeof SCREENSHOT_MIME_TYPES)[number];

export interface Screenshot {
  /** The image bytes, base64 (what the model API and <img> both take). */
  base64: string;
  /** PNG, or JPEG when the PNG was too large and the model takes JPEG. */
  mimeType: ScreenshotMimeType;
  /** Size of the image in pixels: the viewport scaled as a whole to fit SCREENSHOT_TARGET. */
  width: number;
  height: number;
  /** The viewport it shows, in CSS pixels (coordinates refer to this). */
  viewport: DisplaySize;
  url: string;
  marks?: Mark[];
}

/** What one action did, for the step log and the model's function response. */
export interface ActionResult {
  screenshot: Screenshot;
  /** Where a pointer action landed (CSS px), for the marker on the screenshot. */
  at?: { x: number; y: number };
  /** A human-readable note: "clicked <button> Add", "typed 8 characters into <input name=todo>". */
  note?: string;
}

/** The provider-neutral Computer, over whatever shows the app (here: the preview iframe through the bridge). */
/** How the bridge encodes a screenshot. */
export interface ScreenshotOptions {
  /** Draw Set-of-Mark labels. */
  marks?: boolean;
  /** The model takes JPEG: use it when the PNG is too large. */
  allowJpeg?: boolean;
}

export interface Computer {
  execute(action: Action, options?: Pick<ScreenshotOptions, 'allowJpeg'>): Promise<ActionResult>;
  screenshot(options?: ScreenshotOptions): Promise<Screenshot>;
  displaySize(): Promise<DisplaySize>;
  close(): Promise<void>;
}

// ── bridge protocol (IDE ⇄ preview page) ─────────────────────────────────────────────────────────────

/** Every bridge message carries this tag, so unrelated postMessage traffic is ignored on both sides. */
export const BRIDGE_TAG = 'tabsmith-preview-bridge';

export const bridgeRequestSchema = z.object({
  tag: z.literal(BRIDGE_TAG),
  kind: z.literal('request'),
  id: z.string(),
  op: z.enum(['ping', 'size', 'screenshot', 'execute', 'logs', 'pick', 'pick-stop']),
  action: actionSchema.optional(),
  marks: z.boolean().optional(),
  allowJpeg: z.boolean().optional(),
});
export type BridgeRequest = z.infer<typeof bridgeRequestSchema>;

export const bridgeResponseSchema = z.object({
  tag: z.literal(BRIDGE_TAG),
  kind: z.literal('response'),
  id: z.string(),
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.object({ name: z.string(), message: z.string() }).optional(),
});
export type BridgeResponse = z.infer<typeof bridgeResponseSchema>;

/** Sent by the bridge when a preview page has loaded it (the IDE may then talk to that window). */
export const bridgeReadySchema = z.object({ tag: z.literal(BRIDGE_TAG), kind: z.literal('ready'), url: z.string() });

/**
 * F6 or Shift+F6 pressed inside the preview page (unasked, like `ready` and `open`): the IDE
 * moves focus to the next or previous region, as it does for the key pressed anywhere else.
 */
export const bridgeKeySchema = z.object({ tag: z.literal(BRIDGE_TAG), kind: z.literal('key'), code: z.literal('F6'), shiftKey: z.boolean() });
export type BridgeKey = z.infer<typeof bridgeKeySchema>;
/** A page of the preview asked to open another of its pages in a new window (see bridge/popups.ts). */
export const bridgeOpenSchema = z.object({ tag: z.literal(BRIDGE_TAG), kind: z.literal('open'), url: z.string().max(8192) });
export type BridgeOpen = z.infer<typeof bridgeOpenSchema>;

// ── picking an element (IDE ⇄ preview page) ──────────────────────────────────────────────────────────

/**
 * An element the user pointed at in the preview (op `pick`; the bridge then sends `picked` or `pick-ended`,
 * unasked): what it is, where its source is when the dev server marked it, and where it is on the page.
 */
export const pickedElementSchema = z.object({
  tag: z.string().max(64),
  text: z.string().max(300),
  /** From the dev server's source-location mark on the element or its nearest marked ancestor. */
  source: z.object({ file: z.string().min(1).max(1024), line: z.number().int().positive(), column: z.number().int().positive() }).nullable(),
  /** The component that rendered it, when the page's framework says (React, Vue). */
  component: z.string().max(128).nullable(),
  classes: z.string().max(2000),
  /** In CSS pixels of the viewport. */
  rect: z.object({ x: z.number(), y: z.number(), width: z.number().nonnegative(), height: z.number().nonnegative() }),
});
export type PickedElement = z.infer<typeof pickedElementSchema>;
export const bridgePickedSchema = z.object({ tag: z.literal(BRIDGE_TAG), kind: z.literal('picked'), element: pickedElementSchema });
/** Picking ended without a choice (Esc in the page). */
export const bridgePickEndedSchema = z.object({ tag: z.literal(BRIDGE_TAG), kind: z.literal('pick-ended') });
