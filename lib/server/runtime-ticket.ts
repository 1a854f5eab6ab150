/**
 * Tickets for runtime frames. The IDE asks its server for one before it frames a runtime host; the frame page
 * boots a runtime only with a valid ticket for its own host. A ticket names the host, the IDE origin it was
 * issued to and when it expires, signed with HMAC-SHA256 under a key only this server holds, so a page that
 * is not the IDE can neither make one up nor reuse one for another host, and an old one stops working.
 *
 * The key is TABSMITH_RUNTIME_TICKET_KEY when set (32 characters or more, for several servers behind one
 * name), else random per server start: a restart invalidates outstanding tickets, which only costs a frame
 * that had not loaded yet its boot (the IDE asks again on its next restart).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isIdeOriginFor } from './ide-origins';
import { parseHostHeader } from './sites';

type Env = Record<string, string | undefined>;

/** Long enough for a frame to be requested after its ticket is issued on a busy machine; no longer. */
export const TICKET_TTL_MS = 120_000;

const KEY_SLOT = Symbol.for('tabsmith.runtimeTicketKey');
const MIN_KEY_LENGTH = 32;

/**
 * One key per server process, shared by every bundle that loads this module (the route that issues tickets and
 * the page that checks them may be separate module instances).
 */
function ticketKey(env: Env): Buffer {
  const configured = env.TABSMITH_RUNTIME_TICKET_KEY;
  if (configured && configured.length >= MIN_KEY_LENGTH) return Buffer.from(configured, 'utf8');
  const slot = globalThis as { [KEY_SLOT]?: Buffer };
  slot[KEY_SLOT] ??= randomBytes(32);
  return slot[KEY_SLOT];
}

/** A Host header as one canonical string (lowercase name, port kept), or null when malformed. */
function canonicalHost(host: string | null | undefined): string | null {
  const parsed = parseHostHeader(host);
  return parsed ? `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}` : null;
}

function mac(key: Buffer, host: string, ideOrigin: string, expires: number): Buffer {
  return createHmac('sha256', key).update(`tabsmith-runtime-ticket\n${host}\n${ideOrigin}\n${expires}`).digest();
}

const ticketSchema = z
  .string()
  .max(400)
  .regex(/^(\d{1,15})\.([A-Za-z0-9_-]{1,300})\.([A-Za-z0-9_-]{43})$/);

interface IssueOptions {
  /** The runtime host the frame will be served on (`<label>.localhost:3000`). */
  host: string;
  ideOrigin: string;
  now?: number;
  env?: Env;
}

/** A ticket for one runtime host and one IDE origin; null for a malformed host. */
export function issueTicket({ host, ideOrigin, now = Date.now(), env = process.env }: IssueOptions): string | null {
  const canonical = canonicalHost(host);
  if (!canonical) return null;
  const expires = now + TICKET_TTL_MS;
  const origin = Buffer.from(ideOrigin, 'utf8').toString('base64url');
  return `${expires}.${origin}.${mac(ticketKey(env), canonical, ideOrigin, expires).toString('base64url')}`;
}

type TicketCheck = { ok: true; ideOrigin: string } | { ok: false; reason: string };

interface VerifyOptions {
  ticket: string | null | undefined;
  /** The Host header the frame page was requested with. */
  host: string | null | undefined;
  now?: number;
  env?: Env;
}

/** Is this the ticket the server issued for this host, and still valid? On success, the IDE it was issued to. */
export function verifyTicket({ ticket, host, now = Date.now(), env = process.env }: VerifyOptions): TicketCheck {
  const canonical = canonicalHost(host);
  const parsed = ticketSchema.safeParse(ticket);
  if (!canonical || !parsed.success) return { ok: false, reason: 'it has no valid ticket' };
  const [expiresText = '', originText = '', macText = ''] = parsed.data.split('.');
  const expires = Number(expiresText);
  const ideOrigin = Buffer.from(originText, 'base64url').toString('utf8');
  const expected = mac(ticketKey(env), canonical, ideOrigin, expires);
  const given = Buffer.from(macText, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'its ticket was not issued by this server for this address' };
  }
  if (expires <= now) return { ok: false, reason: 'its ticket has expired' };
  // Issued only to allowed IDEs; checked again in case the configuration changed under a shared key.
  if (!isIdeOriginFor(ideOrigin, host, env)) return { ok: false, reason: 'its ticket names an IDE that may not embed this address' };
  return { ok: true, ideOrigin };
}
