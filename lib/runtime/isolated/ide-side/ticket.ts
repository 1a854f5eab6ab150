/**
 * Asks the IDE's server for the ticket a runtime frame on `origin` needs to boot. The server issues it only to
 * the IDE's own pages (same-origin request) and only for a runtime origin they may embed.
 */
import { RuntimeError } from '../../port';
import { TICKET_ROUTE, ticketResponseSchema } from '../protocol';
import { errorMessage } from '../../../error-message';

export async function requestTicket(origin: string, fetcher: typeof fetch = fetch): Promise<string> {
  let response: Response;
  try {
    response = await fetcher(TICKET_ROUTE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ origin }),
      cache: 'no-store',
    });
  } catch (error) {
    throw new RuntimeError('boot-failed', `The server could not be asked for the runtime's address (${errorMessage(error)}).`);
  }
  const body: unknown = await response.json().catch(() => null);
  const parsed = ticketResponseSchema.safeParse(body);
  if (response.ok && parsed.success) return parsed.data.ticket;
  const reason = typeof body === 'object' && body && 'error' in body && typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
  throw new RuntimeError('boot-failed', `The server refused the runtime's address ${origin}: ${reason.slice(0, 500)}`);
}
