/** What the connect page says when `setupConnect` refuses, in words for whoever is looking at that tab. */
import { errorMessage } from '@/lib/error-message';

const NO_OPENER_MESSAGE =
  'This tab links a WebContainer preview opened in a tab of its own to the IDE tab that runs it, and it was ' +
  'opened without that preview (or the browser cut the link between the two), so there is nothing to connect. ' +
  'Open the preview again from the IDE ("Open preview in new tab") and let the preview open this page.';

export function connectProblem(error: unknown): string {
  const message = errorMessage(error);
  if (/must have an opener/i.test(message)) return NO_OPENER_MESSAGE;
  return `Could not connect this preview to the IDE: ${message}`;
}
