/**
 * Where a test report is written (`--test-reporter-destination`): stdout, stderr, or a file, which is
 * created empty when the run starts and grows as the report does, as Node writes it.
 */
interface ReportSinks {
  stdout(text: string): void;
  stderr(text: string): void;
  /** A file's path as given, relative to the working folder. */
  writeFile(path: string, text: string, append: boolean): void;
}

export function reportWriter(destination: string, sinks: ReportSinks): (text: string) => void {
  if (destination === 'stdout') return (text) => text && sinks.stdout(text);
  if (destination === 'stderr') return (text) => text && sinks.stderr(text);
  sinks.writeFile(destination, '', false);
  return (text) => text && sinks.writeFile(destination, text, true);
}
