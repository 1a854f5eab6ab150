import type { Metadata } from 'next';
import { RuntimeFrame } from './RuntimeFrame';

export const metadata: Metadata = { title: 'Tabsmith runtime', robots: { index: false } };

/** The runtime frame: served only on the runtime site, embedded by the IDE, runs the user's code. */
export default function RuntimeFramePage() {
  return <RuntimeFrame />;
}
