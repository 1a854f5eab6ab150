import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { exactIdeOriginsFor } from '@/lib/server/ide-origins';
import { verifyTicket } from '@/lib/server/runtime-ticket';
import { RuntimeFrame, type FrameAdmission } from './RuntimeFrame';

export const metadata: Metadata = { title: 'Tabsmith runtime', robots: { index: false } };

interface PageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The runtime frame: served only on the runtime site, embedded by the IDE, runs the user's code. It boots only
 * with the ticket the server issued the IDE for this very host, and then serves only the IDE origin named in it.
 */
export default async function RuntimeFramePage({ searchParams }: PageProps) {
  const host = (await headers()).get('host');
  const { ticket } = await searchParams;
  const check = verifyTicket({ ticket: typeof ticket === 'string' ? ticket : null, host });
  const admission: FrameAdmission = check.ok
    ? { ok: true, ideOrigin: check.ideOrigin }
    : { ok: false, reason: check.reason, ideOrigins: exactIdeOriginsFor(host) };
  return <RuntimeFrame admission={admission} />;
}
