/** Parts of readline's Interface that stand apart from line editing: Tab completion and `for await` over lines. */

export type Completer = (
  line: string,
  callback?: (error: unknown, result: [string[], string]) => void,
) => [string[], string] | Promise<[string[], string]> | undefined;

interface LineSource {
  closed: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
}

/** Tab with a completer, as Node does it: one candidate is inserted, several insert their common prefix or are listed. */
export function complete(completer: Completer, before: string, edit: { insert(text: string): void; list(candidates: string[]): void }): void {
  const apply = (result: [string[], string] | undefined) => {
    if (!result) return;
    const [candidates, prefix] = result;
    if (candidates.length === 1) return edit.insert((candidates[0] as string).slice(prefix.length));
    const common = candidates.reduce((shared, candidate) => {
      let i = 0;
      while (i < shared.length && shared[i] === candidate[i]) i++;
      return shared.slice(0, i);
    }, candidates[0] ?? '');
    if (common.length > prefix.length) return edit.insert(common.slice(prefix.length));
    if (candidates.length > 1) edit.list(candidates);
  };
  if (completer.length === 2) {
    completer(before, (error, result) => void (!error && apply(result)));
    return;
  }
  const result = completer(before);
  if (result instanceof Promise) void result.then(apply);
  else apply(result);
}

/** `for await (const line of rl)`: the lines as they come, ending when the interface closes. */
export function lineIterator(source: LineSource, close: () => void): AsyncIterableIterator<string> {
  const lines: string[] = [];
  const waiting: ((result: IteratorResult<string>) => void)[] = [];
  let done = source.closed;
  source.on('line', ((line: string) => {
    const next = waiting.shift();
    if (next) next({ value: line, done: false });
    else lines.push(line);
  }) as never);
  source.on('close', (() => {
    done = true;
    for (const next of waiting.splice(0)) next({ value: undefined, done: true });
  }) as never);
  const iterator: AsyncIterableIterator<string> = {
    next: () => {
      if (lines.length) return Promise.resolve({ value: lines.shift() as string, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => waiting.push(resolve));
    },
    return: () => {
      close();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
