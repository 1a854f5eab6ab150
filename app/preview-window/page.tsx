import type { Metadata } from 'next';
import { PreviewWindow } from './PreviewWindow';

export const metadata: Metadata = { title: 'Preview · Tabsmith' };

/**
 * "Open preview in new tab" for the offline runtime. Its previews are served by a service worker that lives in
 * the IDE's storage partition, so a tab of their own would find nothing; this IDE-origin page embeds the
 * preview full-window instead, in the same partition as the IDE tab that runs the server.
 */
export default function PreviewWindowPage() {
  return <PreviewWindow />;
}
