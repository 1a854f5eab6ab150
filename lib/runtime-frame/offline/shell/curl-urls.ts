/**
 * curl takes a URL without a scheme ("localhost:3000/api") for http, as the real curl does; the shell's curl
 * (just-bash) would take it for https, which no server in this runtime speaks. The arguments are read the way
 * curl reads them: a word that is not an option, nor the value of an option that takes one, is a URL.
 */

/** curl's options that take a value (the ones the shell's curl knows). */
const TAKES_VALUE = new Set([
  '-X',
  '--request',
  '-H',
  '--header',
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-urlencode',
  '-F',
  '--form',
  '-u',
  '--user',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '-T',
  '--upload-file',
  '-o',
  '--output',
  '--max-redirs',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
]);

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

const withScheme = (url: string) => (HAS_SCHEME.test(url) ? url : `http://${url}`);

export function withCurlDefaultScheme(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--url' && i + 1 < args.length) {
      out.push(arg, withScheme(args[++i] as string));
    } else if (TAKES_VALUE.has(arg) && i + 1 < args.length) {
      out.push(arg, args[++i] as string);
    } else {
      out.push(arg.startsWith('-') || arg === '' ? arg : withScheme(arg));
    }
  }
  return out;
}
