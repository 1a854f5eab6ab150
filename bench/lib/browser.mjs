// Launches Debian's Chromium the way the e2e tests do (both read tests/chromium.json):
// Playwright's own browser download does not work on these machines.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const flags = JSON.parse(readFileSync(new URL('../../tests/chromium.json', import.meta.url), 'utf8'));

export const chromiumPath = process.env.CHROMIUM_PATH ?? flags.defaultPath;
/** The flags every launch here uses (also for persistent profiles, which `launchChromium` cannot give). */
export const chromiumArgs = flags.args;

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}
