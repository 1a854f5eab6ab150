/** Node 22's dot reporter: `.` per passing test, `X` per failure, then the failures in full. */
import type { TestResult } from '../events';
import type { Reporter, ReporterOptions } from './reporter';
import { specReporter } from './spec';

export function dotReporter(options: ReporterOptions): Reporter {
  const { colors } = options;
  const columns = Math.max(options.columns, 20);
  const failed: TestResult[] = [];
  let count = 0;
  // The failures read as the spec reporter writes them, without the children's context.
  const describe = (result: TestResult) => {
    const spec = specReporter(options);
    spec.event({ type: 'test:start', data: { name: result.name, nesting: 0 } });
    return spec.event({ type: 'test:fail', data: { ...result, nesting: 0 } }).replace(/\n$/, '');
  };
  return {
    event(event) {
      if (event.type !== 'test:pass' && event.type !== 'test:fail') return '';
      let text = event.type === 'test:pass' ? `${colors.green}.${colors.white}` : `${colors.red}X${colors.white}`;
      if (event.type === 'test:fail') failed.push(event.data);
      if (++count === columns) {
        text += '\n';
        count = 0;
      }
      return text;
    },
    output: () => '',
    end() {
      let text = '\n';
      if (failed.length > 0) text += `\n${colors.red}Failed tests:${colors.white}\n\n${failed.map(describe).join('')}`;
      return text;
    },
  };
}
