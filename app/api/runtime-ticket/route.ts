// Tickets for runtime frames: the IDE asks for one before each frame it puts on the page (see
// lib/server/runtime-ticket.ts). Only the IDE's own pages get one, and only for a runtime host they may embed.
import { z } from 'zod';
import { readJsonBody } from '@/lib/agent/http';
import { isIdeOriginFor } from '@/lib/server/ide-origins';
import { otherMethods } from '@/lib/server/method-not-allowed';
import { guardRequest } from '@/lib/server/request-guard';
import { issueTicket, TICKET_TTL_MS } from '@/lib/server/runtime-ticket';
import { siteForHost } from '@/lib/server/sites';

const MAX_BODY_BYTES = 1000;
const bodySchema = z.object({ origin: z.string().max(300) }).strict();

function refuse(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** The runtime origin asked for, when it is exactly an http(s) origin on the runtime site. */
function runtimeHost(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return null;
  return siteForHost(url.host) === 'runtime' ? url.host : null;
}

function sameHost(origin: string, host: string | null): boolean {
  try {
    return host !== null && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

export async function POST(req: Request): Promise<Response> {
  const refused = guardRequest(req, { json: true });
  if (refused) return refused;
  // The guard made sure the request is the IDE's own (same origin), so its Origin header names the IDE.
  const ideOrigin = req.headers.get('origin');
  if (!ideOrigin || !sameHost(ideOrigin, req.headers.get('host')))
    return refuse(403, 'Refused: a ticket is issued only to the IDE page that asks for it (Origin must name this server).');
  const read = await readJsonBody(req, MAX_BODY_BYTES, (limit) => `A ticket request is at most ${limit} bytes.`);
  if (!read.ok) return read.response;
  const body = bodySchema.safeParse(read.value);
  if (!body.success) return refuse(400, 'Expected { "origin": "<runtime origin>" }.');
  const host = runtimeHost(body.data.origin);
  if (!host) return refuse(400, `${JSON.stringify(body.data.origin)} is not a runtime origin this server serves.`);
  if (!isIdeOriginFor(ideOrigin, host)) return refuse(403, `Refused: ${JSON.stringify(ideOrigin.slice(0, 200))} may not embed ${body.data.origin}.`);
  const ticket = issueTicket({ host, ideOrigin });
  if (!ticket) return refuse(400, 'Malformed runtime host.');
  return Response.json({ ticket, expiresInMs: TICKET_TTL_MS }, { headers: { 'Cache-Control': 'no-store' } });
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
