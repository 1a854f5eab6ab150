import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { WebContainerConnect } from '@/components/webcontainer/WebContainerConnect';

export const metadata: Metadata = { title: 'Connect a preview · Tabsmith' };

/** An id as WebContainer puts it into the path: one URL-safe segment. The page itself reads it from the URL. */
const CONNECT_ID = /^[A-Za-z0-9._~-]{1,200}$/;

/**
 * `<IDE>/webcontainer/connect/<id>`: the page a WebContainer preview opened in a tab of its own opens to reach
 * the container running in the IDE's tab. Served without cross-origin isolation so it keeps its opener (see
 * WEBCONTAINER_CONNECT_PATH in lib/server/security-headers.ts).
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!CONNECT_ID.test(id)) notFound();
  return <WebContainerConnect />;
}
