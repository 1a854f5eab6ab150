/** The counts Node prints at the end of a run (ℹ tests, suites, pass, fail, cancelled, skipped, todo, duration_ms). */
import type { TestEvent } from './events';

export class RunSummary {
  tests = 0;
  suites = 0;
  pass = 0;
  fail = 0;
  cancelled = 0;
  skipped = 0;
  todo = 0;
  private readonly started = performance.now();

  count(event: TestEvent): void {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') return;
    const { details, skip, todo } = event.data;
    if (details.type === 'suite') {
      this.suites++;
      return;
    }
    this.tests++;
    if (skip !== undefined) this.skipped++;
    else if (todo !== undefined) this.todo++;
    else if (event.type === 'test:pass') this.pass++;
    else if (details.error?.failureType === 'cancelledByParent') this.cancelled++;
    else this.fail++;
  }

  get failed(): boolean {
    return this.fail > 0 || this.cancelled > 0;
  }

  /** The summary as the root test's diagnostics, which every reporter shows in its own way. */
  diagnostics(): TestEvent[] {
    const duration = Number((performance.now() - this.started).toFixed(6));
    const lines: [string, number][] = [
      ['tests', this.tests],
      ['suites', this.suites],
      ['pass', this.pass],
      ['fail', this.fail],
      ['cancelled', this.cancelled],
      ['skipped', this.skipped],
      ['todo', this.todo],
      ['duration_ms', duration],
    ];
    return lines.map(([name, value]) => ({ type: 'test:diagnostic', data: { nesting: 0, message: `${name} ${value}` } }));
  }
}
