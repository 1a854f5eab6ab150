import type { Metadata } from 'next';
import { PreviewRelay } from './PreviewRelay';

export const metadata: Metadata = { title: 'Tabsmith preview relay', robots: { index: false } };

/** The preview site's relay: served only on the preview site, embedded (hidden) by the IDE beside the preview. */
export default function PreviewRelayPage() {
  return <PreviewRelay />;
}
