/** Who commits: `user.name`/`user.email` from the repository's config, else a stand-in and a hint. */
import git from 'isomorphic-git';
import type { Repo } from './repo';

const DEFAULT_NAME = 'Tabsmith User';
const DEFAULT_EMAIL = 'user@tabsmith.local';

interface Identity {
  name: string;
  email: string;
  /** Neither value was configured: say how to set them. */
  defaulted: boolean;
}

async function configValue(repo: Repo, path: string): Promise<string | undefined> {
  const value: unknown = await git.getConfig({ fs: repo.fs, dir: repo.dir, gitdir: repo.gitdir, path });
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export async function identity(repo: Repo): Promise<Identity> {
  const name = await configValue(repo, 'user.name');
  const email = await configValue(repo, 'user.email');
  return { name: name ?? DEFAULT_NAME, email: email ?? DEFAULT_EMAIL, defaulted: name === undefined || email === undefined };
}

export function identityHint(who: Identity): string {
  return `hint: committed as ${who.name} <${who.email}>; set yours with git config user.name "Your Name" and git config user.email you@example.com\n`;
}
