import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import '@xterm/xterm/css/xterm.css';
import { ThemeApplier } from '@/components/settings/ThemeApplier';
import { RUNTIME_ORIGIN_META_NAME } from '@/lib/runtime-site/origin';
import { WEBCONTAINER_API_KEY_META_NAME } from '@/lib/runtime/webcontainer/api-key';
import { configuredRuntimeOrigin } from '@/lib/server/sites';
import { configuredWebContainerApiKey } from '@/lib/server/webcontainer-key';
import './globals.css';

export const metadata: Metadata = {
  title: 'Tabsmith',
  description: 'A coding IDE that runs your code in this browser tab.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: the CSP nonce proxy.ts sets only reaches Next's inline scripts in a
  // request-time render, and the runtime origin and WebContainer key below are read from the server's
  // environment at that time.
  await connection();
  const runtimeOrigin = configuredRuntimeOrigin();
  const webContainerKey = configuredWebContainerApiKey();
  return (
    <html lang="en">
      <head>
        {runtimeOrigin && <meta name={RUNTIME_ORIGIN_META_NAME} content={runtimeOrigin} />}
        {webContainerKey && <meta name={WEBCONTAINER_API_KEY_META_NAME} content={webContainerKey} />}
      </head>
      <body>
        <ThemeApplier />
        {children}
      </body>
    </html>
  );
}
