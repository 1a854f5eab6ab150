import { expect, type Locator, type Page } from '@playwright/test';

/** Commands like `npm install` may take a while on a shared machine; plain shell commands are quick. */
const COMMAND_TIMEOUT_MS = 30_000;

/**
 * Reads the terminal the way a person does: the rows xterm's DOM renderer shows. xterm draws spaces as
 * no-break spaces, so they are normalised; blank rows below the cursor are dropped.
 */
export async function visibleLines(panel: Locator): Promise<string[]> {
  const text = await panel.innerText();
  return text
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0);
}

/**
 * How often the terminal is read while waiting. expect.poll's default backs off to once a second, so a command
 * that took 2.1 s was noticed at about 3 s; commands are most of what these tests wait for.
 */
export const TERMINAL_POLL_INTERVALS = [50, 100, 150, 250];

/** The shell's prompt ends in "$ "; trailing spaces are trimmed by visibleLines. */
const isPrompt = (line: string | undefined): boolean => line !== undefined && line.endsWith('$');

/** Drives one terminal tab ("Terminal 1", "Terminal 2", …) by its accessible names. */
export class TerminalDriver {
  constructor(
    private readonly page: Page,
    readonly name: string,
  ) {}

  get tab(): Locator {
    return this.page.getByRole('tablist', { name: 'Terminal tabs' }).getByRole('tab', { name: this.name, exact: true });
  }

  /** Hidden (inactive) panels are not in the accessibility tree, so this only finds the visible one. */
  get panel(): Locator {
    return this.page.getByRole('tabpanel', { name: this.name, exact: true });
  }

  async select(): Promise<void> {
    await this.tab.click();
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.panel).toBeVisible();
  }

  async lastLine(): Promise<string | undefined> {
    return (await visibleLines(this.panel)).at(-1);
  }

  async waitForPrompt(timeout = COMMAND_TIMEOUT_MS): Promise<void> {
    await expect.poll(() => this.lastLine(), { timeout, intervals: TERMINAL_POLL_INTERVALS, message: `${this.name} shows a "$ " prompt` }).toMatch(/\$$/);
  }

  /** Types a command and presses Enter without waiting for it to finish (servers, slow scripts). */
  async start(command: string): Promise<void> {
    await this.type(command);
    await this.page.keyboard.press('Enter');
  }

  /**
   * Runs a command to completion: types it, waits for the shell to echo it (so the old prompt cannot be
   * mistaken for the new one), presses Enter, optionally waits for some output, then for the next prompt.
   */
  async run(command: string, options: { output?: string | RegExp; timeout?: number } = {}): Promise<void> {
    const timeout = options.timeout ?? COMMAND_TIMEOUT_MS;
    await this.type(command);
    await this.page.keyboard.press('Enter');
    if (options.output !== undefined) await expect(this.panel).toContainText(options.output, { timeout });
    await expect
      .poll(async () => isPrompt(await this.lastLine()), { timeout, intervals: TERMINAL_POLL_INTERVALS, message: `${this.name} finished "${command}"` })
      .toBe(true);
  }

  private async type(command: string): Promise<void> {
    await this.waitForPrompt();
    await this.panel.click();
    // Entered as one piece of text, as a paste or an input method enters it: xterm takes it as one input event.
    // Key by key cost 5-15 ms a character on a busy machine, seconds for the long commands that write files.
    // What keys do at the prompt (Tab, arrows, Ctrl+C, typing ahead) is tested with the keyboard itself.
    await this.page.keyboard.insertText(command);
    // Long commands wrap over several rows: join the rows from the last prompt on before looking for the echo,
    // which must end them (a short command such as `pwd` also occurs in earlier lines).
    const flat = command.replace(/\s+/g, '');
    await expect
      .poll(async () => typedAtPrompt(await visibleLines(this.panel)).endsWith(flat), {
        intervals: TERMINAL_POLL_INTERVALS,
        message: `${this.name} echoes "${command}"`,
      })
      .toBe(true);
  }
}

/** What follows the last prompt on screen, its rows joined and spaces dropped. */
function typedAtPrompt(lines: string[]): string {
  const start = lines.findLastIndex((line) => line.includes('$ '));
  if (start === -1) return '';
  const joined = lines.slice(start).join('');
  return joined.slice(joined.indexOf('$ ') + 2).replace(/\s+/g, '');
}

export function terminal(page: Page, index: number): TerminalDriver {
  return new TerminalDriver(page, `Terminal ${index}`);
}
