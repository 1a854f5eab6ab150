/**
 * Boots the offline runtime the safe way: in a frame on a site of its own, one site per workspace and tab (and a
 * fresh one after each restart), so one workspace's code and previews can reach neither the IDE nor another
 * workspace. Where no separate site can be had, booting fails and says so: user code never runs in the IDE.
 */
import { runtimeFrameOrigin } from '@/lib/runtime-site/origin';
import { RuntimeError } from '../../port';
import { FramedRuntime } from './framed-runtime';
import { requestTicket } from './ticket';
import { carryGitExchange } from '@/lib/git/ide-broker';
import type { GitHttpRequest } from '@/lib/git/http-exchange';

const TAB_KEY = 'tabsmith.runtimeTab';

function slug(text: string, max: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, max);
}

/** Stable across reloads of one tab (so the browser's caches for the frame stay warm), distinct between tabs. */
function tabSlug(): string {
  try {
    const stored = window.sessionStorage.getItem(TAB_KEY);
    if (stored && /^[a-z0-9]{8}$/.test(stored)) return stored;
    const fresh = crypto.randomUUID().replace(/-/g, '').slice(0, 8);
    window.sessionStorage.setItem(TAB_KEY, fresh);
    return fresh;
  } catch {
    return crypto.randomUUID().replace(/-/g, '').slice(0, 8);
  }
}

/** `w<workspace>-<tab>-<generation>`: a DNS label of at most 40 characters. */
function runtimeLabel(workspaceId: string | null, tab: string, generation: number): string {
  const ws = slug(workspaceId ?? '', 16) || 'none';
  return `w${ws}-${slug(tab, 8)}-${generation}`;
}

const NO_RUNTIME_SITE_MESSAGE =
  'The offline runtime needs a second site to run your code apart from the IDE, and none is configured for ' +
  'this address. Open the IDE at localhost (the runtime then uses *.localhost), or set TABSMITH_RUNTIME_ORIGIN ' +
  'on the server (see the README).';

interface BootFramedOptions {
  timeoutMs: number;
  /** The configured runtime-origin pattern, if any (deployments on a real host name). */
  configuredOrigin?: string | null;
}

export async function bootFramedRuntime({ timeoutMs, configuredOrigin }: BootFramedOptions): Promise<FramedRuntime> {
  const workspaceId = new URLSearchParams(window.location.search).get('ws');
  const tab = tabSlug();
  const originFor = (generation: number) => {
    const origin = runtimeFrameOrigin(window.location, configuredOrigin, runtimeLabel(workspaceId, tab, generation));
    if (!origin) throw new RuntimeError('boot-failed', NO_RUNTIME_SITE_MESSAGE);
    return origin;
  };
  // originFor(0) throws NO_RUNTIME_SITE_MESSAGE before any frame is made when there is no second site.
  // The terminal's git reaches remotes through the IDE, which holds the user's tokens.
  const calls = { gitHttp: (request: GitHttpRequest) => carryGitExchange(request, { userStarted: false }) };
  return FramedRuntime.boot({
    originFor,
    ticketFor: (origin) => requestTicket(origin),
    ideOrigin: window.location.origin,
    bootTimeoutMs: timeoutMs,
    configuredOrigin,
    calls,
  });
}
