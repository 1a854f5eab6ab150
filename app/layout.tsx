import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import '@xterm/xterm/css/xterm.css';
import './globals.css';

export const metadata: Metadata = {
  title: 'Tabsmith',
  description: 'A coding IDE that runs your code in this browser tab.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
