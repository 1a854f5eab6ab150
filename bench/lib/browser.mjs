// Launches Debian's Chromium the way the e2e tests do (playwright.config.ts keeps the same flags):
// Playwright's own browser download does not work on these machines.
import { chromium } from '@playwright/test';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args, headless: true });
}
