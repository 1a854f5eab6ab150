import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import '@xterm/xterm/css/xterm.css';
import { ThemeApplier } from '@/components/settings/ThemeApplier';
import { RUNTIME_ORIGIN_META_NAME } from '@/lib/runtime-site/origin';
import { WEBCONTAINER_API_KEY_META_NAME } from '@/lib/runtime/webcontainer/api-key';
import { configuredRuntimeOrigin } from '@/lib/server/sites';
import { configuredWebContainerApiKey } from '@/lib/server/webcontainer-key';
import { THEME_BOOT_SCRIPT } from '@/lib/ui/color-scheme';
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
  // The page's CSP nonce (proxy.ts puts the policy on the forwarded request): the theme script runs inline.
  const nonce = /'nonce-([^']+)'/.exec((await headers()).get('Content-Security-Policy') ?? '')?.[1];
  return (
    // The theme script may set data-theme before React hydrates <html>.
    <html lang="en" suppressHydrationWarning>
      <head>
        {nonce && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />}
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
