/**
 * One HTTP exchange of git's smart protocol, as the runtime frame asks the IDE to carry it out: the frame has no
 * network of its own for git, and must not hold the user's tokens (it runs the workspace's programs), so the
 * IDE adds the token where the user allows it and sends the request through the app's git proxy. One schema
 * per direction; the IDE validates what the frame asks, the frame what the IDE answers.
 */
import { z } from 'zod';

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'expected bytes');
const headers = z.record(z.string().max(200), z.string().max(8192));

export const gitHttpRequestSchema = z.object({
  url: z
    .string()
    .max(8192)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'expected an http(s) URL'),
  method: z.enum(['GET', 'POST']),
  headers,
  body: bytes.optional(),
});
export type GitHttpRequest = z.infer<typeof gitHttpRequestSchema>;

export const gitHttpResponseSchema = z.object({
  url: z.string().max(8192),
  statusCode: z.number().int().min(100).max(599),
  statusMessage: z.string().max(1000),
  headers,
  body: bytes,
});
export type GitHttpResponse = z.infer<typeof gitHttpResponseSchema>;

/** The smart-HTTP service an exchange belongs to: receive-pack writes to the remote (a push). */
type GitService = 'git-upload-pack' | 'git-receive-pack';

/** The repository URL (without the protocol's endpoint) and the service of an exchange's URL. */
export function describeExchange(url: string): { host: string; repository: string; service: GitService } {
  const parsed = new URL(url);
  const endpoint = /\/(info\/refs|git-upload-pack|git-receive-pack)$/.exec(parsed.pathname);
  const path = endpoint ? parsed.pathname.slice(0, endpoint.index) : parsed.pathname;
  const service = endpoint?.[1] === 'git-receive-pack' || parsed.searchParams.get('service') === 'git-receive-pack' ? 'git-receive-pack' : 'git-upload-pack';
  return { host: parsed.host.toLowerCase(), repository: `${parsed.protocol}//${parsed.host}${path}`, service };
}
