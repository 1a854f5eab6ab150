/** Node's built-in reporters by the name `--test-reporter` takes. */
import { dotReporter } from './dot';
import { REPORTER_NAMES, type Reporter, type ReporterName, type ReporterOptions } from './reporter';
import { specReporter } from './spec';
import { tapReporter } from './tap';

export { type Reporter, type ReporterName };
export { colorsFor, shouldColorize } from './colors';

export function isReporterName(name: string): name is ReporterName {
  return (REPORTER_NAMES as readonly string[]).includes(name);
}

export function createReporter(name: ReporterName, options: ReporterOptions): Reporter {
  if (name === 'tap') return tapReporter();
  if (name === 'dot') return dotReporter(options);
  return specReporter(options);
}
