/** What git says after a push it could not complete: the error line and the hints for each kind of refusal. */

/** Why a ref was not updated, as git names it in the ref line's parentheses. */
export type Refusal = 'fetch first' | 'non-fast-forward' | 'already exists' | 'remote rejected';

const HINTS: Record<Refusal, string> = {
  'fetch first':
    'hint: Updates were rejected because the remote contains work that you do\n' +
    'hint: not have locally. This is usually caused by another repository pushing\n' +
    'hint: to the same ref. You may want to first integrate the remote changes\n' +
    "hint: (e.g., 'git pull ...') before pushing again.\n" +
    "hint: See the 'Note about fast-forwards' in 'git push --help' for details.\n",
  'non-fast-forward':
    'hint: Updates were rejected because the tip of your current branch is behind\n' +
    'hint: its remote counterpart. Integrate the remote changes (e.g.\n' +
    "hint: 'git pull ...') before pushing again.\n" +
    "hint: See the 'Note about fast-forwards' in 'git push --help' for details.\n",
  'already exists': 'hint: Updates were rejected because the tag already exists in the remote.\n',
  'remote rejected': '',
};

export function pushRefused(reason: Refusal, url: string): string {
  return `error: failed to push some refs to '${url}'\n${HINTS[reason]}`;
}
