/**
 * The user's git tokens, one per host, kept in this browser with the other settings. They leave it only as the
 * `X-Git-Authorization` header of a request to this app's own git proxy for that host (which forwards it to the
 * host as `Authorization` and keeps nothing), never to the runtime frame, which runs the workspace's programs.
 */
import { z } from 'zod';

/** A git host as URLs name it: `github.com`, `git.example.com:8443`, `127.0.0.1:4990`. */
export const gitHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'a host is a name such as github.com, with an optional :port');

export const gitCredentialSchema = z.object({
  /** What the host expects as the user name beside a token; the host's usual one when empty. */
  username: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^:\s]*$/, 'a user name has no spaces or colons')
    .optional(),
  token: z
    .string()
    .trim()
    .min(4, 'a token is at least 4 characters')
    .max(4096)
    .regex(/^[\x21-\x7e]+$/, 'a token has no spaces or special characters'),
});
export type GitCredential = z.infer<typeof gitCredentialSchema>;

/** The user name each built-in host takes with a personal access token as the password. */
const TOKEN_USERNAMES: Record<string, string> = { 'github.com': 'x-access-token', 'gitlab.com': 'oauth2', 'bitbucket.org': 'x-token-auth' };

/** The `X-Git-Authorization` value for a host's credential: HTTP Basic with the token as the password. */
export function basicAuthorization(host: string, credential: GitCredential): string {
  const username = credential.username || TOKEN_USERNAMES[host] || 'git';
  const bytes = new TextEncoder().encode(`${username}:${credential.token}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}
