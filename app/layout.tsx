import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import '@xterm/xterm/css/xterm.css';
import { ThemeApplier } from '@/components/settings/ThemeApplier';
import { RUNTIME_ORIGIN_META_NAME } from '@/lib/runtime-site/origin';
import { configuredRuntimeOrigin } from '@/lib/server/sites';
import './globals.css';

export const metadata: Metadata = {
  title: 'Tabsmith',
  description: 'A coding IDE that runs your code in this browser tab.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: the CSP nonce proxy.ts sets only reaches Next's inline scripts in a
  // request-time render, and the runtime origin below is read from the server's environment at that time.
  await connection();
  const runtimeOrigin = configuredRuntimeOrigin();
  return (
    <html lang="en">
      <head>{runtimeOrigin && <meta name={RUNTIME_ORIGIN_META_NAME} content={runtimeOrigin} />}</head>
      <body>
        <ThemeApplier />
        {children}
      </body>
    </html>
  );
}
