/**
 * index.html as the dev server and the build serve it: `%VITE_*%` replaced, root-absolute script and link
 * URLs moved under the server's URL base, and (in dev) the HMR client and the React refresh preamble added.
 */
import type { ResolvedConfig } from './config';
import { refreshPreamble } from './refresh';
import { envObject } from './transform';

export function replaceEnv(html: string, config: ResolvedConfig, mode: string): string {
  const env = envObject(config, mode);
  return html.replace(/%(\w+)%/g, (match, key: string) => (key in env ? String(env[key]) : match));
}

/** Prefixes root-absolute `src`/`href` attributes (not protocol-relative ones) with `urlBase`. */
export function rebaseAttributes(html: string, urlBase: string): string {
  if (urlBase === '/') return html;
  return html.replace(/(<(?:script|link|img)\b[^>]*?\s(?:src|href)=)(["'])\/(?!\/)([^"']*)\2/gi, (_, head: string, quote: string, rest: string) => `${head}${quote}${urlBase}${rest}${quote}`);
}

export function injectHead(html: string, tags: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tags + html.slice(head.index + head[0].length);
  return tags + html;
}

export function devHtml(html: string, config: ResolvedConfig): string {
  const client = `<script type="module" src="${config.urlBase}@vite/client"></script>`;
  const preamble = config.reactRefresh ? refreshPreamble(config.urlBase) : '';
  return injectHead(rebaseAttributes(replaceEnv(html, config, 'development'), config.urlBase), client + preamble);
}

/** The module scripts index.html loads (`src` as written), in order. */
export function moduleScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = match[1] ?? '';
    const src = /\bsrc=["']([^"']+)["']/i.exec(attrs)?.[1];
    if (src && /\btype=["']module["']/i.test(attrs)) scripts.push(src);
  }
  return scripts;
}
