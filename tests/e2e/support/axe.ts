import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * WCAG 2.1 AA violations axe finds on the page (or inside `selector`), one line each: rule, impact and where.
 * The preview's page is another site (the user's app) and not the IDE's to fix; axe does not enter
 * cross-origin frames.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(
    async ({ selector: within, tags }) => {
      type Result = { violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] };
      const axe = (window as unknown as { axe: { run: (context: Element | Document, options: object) => Promise<Result> } }).axe;
      const context = within ? document.querySelector(within) : document;
      if (!context) return [`nothing matches ${within}`];
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, iframes: false });
      return result.violations.map(
        (v) =>
          `${v.id} (${v.impact ?? '?'}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`).join(' | ')}`,
      );
    },
    { selector, tags: WCAG_21_AA },
  );
}
