/**
 * git clone and git remote in the offline runtime's terminal, against a real git server (the smart-HTTP
 * fixture, served by the system's git http-backend) reached through an HttpClient as the page would give one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from 'isomorphic-git';
import webHttp from 'isomorphic-git/http/web';
import { gitTerminal, HOME, startGitFixture, type GitFixture } from './git-terminal';

const TOKEN = 'fixture-token-7f3a';

/** A terminal over a fresh file system; `http: null` is a runtime given no network for git. */
function terminal(http: HttpClient | null = webHttp) {
  const t = gitTerminal({ http });
  return { ...t, read: (path: string) => t.vfs.readFileSync(path, 'utf8') };
}

let server: GitFixture;
let demo: string;
let secret: string;

beforeAll(async () => {
  server = await startGitFixture();
  demo = `${server.url}/public/demo.git`;
  secret = `${server.url}/private/secret.git`;
}, 30_000);

afterAll(async () => {
  await server?.close();
});

describe('git clone', () => {
  it('clones a public repository: files, history, origin and the upstream', async () => {
    const t = terminal();
    const run = await t.git('clone', demo);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Cloning into 'demo'\.\.\.\n/);
    expect(run.out).toContain('Receiving objects: 100% (');
    expect(run.out).toMatch(/Receiving objects: 100% \((\d+)\/\1\), done\.\n/);
    expect(t.read(`${HOME}/demo/README.md`)).toBe('# Demo\n\nA repository for tests.\n');
    expect(t.read(`${HOME}/demo/src/index.js`)).toBe("console.log('hello from demo');\n");
    t.cd(`${HOME}/demo`);
    expect((await t.git('log', '--oneline')).out).toMatch(/^[0-9a-f]{7} \(HEAD -> main\) Add src\/index\.js\n[0-9a-f]{7} Add README\n$/);
    expect((await t.git('remote', '-v')).out).toBe(`origin\t${demo} (fetch)\norigin\t${demo} (push)\n`);
    expect((await t.git('config', 'branch.main.remote')).out).toBe('origin\n');
    expect((await t.git('config', 'branch.main.merge')).out).toBe('refs/heads/main\n');
    expect((await t.git('status')).out).toContain('nothing to commit, working tree clean');
    // The upstream is what a bare pull and push use.
    expect(await t.git('pull')).toEqual({ code: 0, out: 'Already up to date.\n' });
    expect(await t.git('push')).toEqual({ code: 0, out: 'Everything up-to-date\n' });
  });

  it('clones a named branch into a named folder', async () => {
    const t = terminal();
    const seed = terminal();
    await seed.git('clone', demo, 'seed');
    seed.cd(`${HOME}/seed`);
    await seed.git('checkout', '-b', 'feature');
    seed.vfs.writeFileSync(`${HOME}/seed/feature.txt`, 'on a branch\n');
    await seed.git('add', 'feature.txt');
    await seed.git('commit', '-m', 'Feature work');
    expect((await seed.git('push', '-u', 'origin', 'feature')).code).toBe(0);

    const run = await t.git('clone', '-b', 'feature', '--single-branch', demo, 'work/feat');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Cloning into 'work\/feat'\.\.\./);
    expect(t.read(`${HOME}/work/feat/feature.txt`)).toBe('on a branch\n');
    t.cd(`${HOME}/work/feat`);
    expect((await t.git('branch', '--show-current')).out).toBe('feature\n');
    expect((await t.git('config', 'branch.feature.merge')).out).toBe('refs/heads/feature\n');

    const missing = await t.git('clone', '-b', 'nope', demo, 'other');
    expect(missing.code).toBe(128);
    expect(missing.out).toContain('fatal: Remote branch nope not found in upstream origin\n');
    expect(t.vfs.existsSync(`${HOME}/work/feat/other`)).toBe(false);
  });

  it('clones a shallow history into an existing empty folder', async () => {
    const t = terminal();
    t.vfs.mkdirSync(`${HOME}/empty`);
    const run = await t.git('clone', '--depth', '1', demo, 'empty');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Cloning into 'empty'\.\.\.\n/);
    t.cd(`${HOME}/empty`);
    expect((await t.git('log', '--oneline')).out).toMatch(/^[0-9a-f]{7} \(HEAD -> main\) \S.*\n$/);
    expect(t.read(`${HOME}/empty/README.md`)).toContain('# Demo');
    expect((await t.git('clone', '--depth', 'zero', demo, 'x')).out).toBe('fatal: depth zero is not a positive number\n');
  });

  it('refuses a destination that exists and is not empty', async () => {
    const t = terminal();
    t.vfs.mkdirSync(`${HOME}/demo`);
    t.vfs.writeFileSync(`${HOME}/demo/notes.txt`, 'mine\n');
    const before = server.requests.length;
    expect(await t.git('clone', demo)).toEqual({ code: 128, out: "fatal: destination path 'demo' already exists and is not an empty directory.\n" });
    expect(server.requests.length).toBe(before);
    expect(t.read(`${HOME}/demo/notes.txt`)).toBe('mine\n');
  });

  it('says when the repository does not exist, and leaves no folder behind', async () => {
    const t = terminal();
    const run = await t.git('clone', `${server.url}/public/missing.git`);
    expect(run.code).toBe(128);
    expect(run.out).toBe(`Cloning into 'missing'...\nfatal: repository '${server.url}/public/missing.git' not found\n`);
    expect(t.vfs.existsSync(`${HOME}/missing`)).toBe(false);
  });

  it('without a network for git, says so', async () => {
    const t = terminal(null);
    const run = await t.git('clone', demo);
    expect(run.code).toBe(128);
    expect(run.out).toContain(`fatal: unable to access '${demo}': this runtime has no network for git\n`);
    expect(t.vfs.existsSync(`${HOME}/demo`)).toBe(false);
  });

  it('shows a proxy refusal in its own words', async () => {
    const refusing: HttpClient = {
      request: async ({ url }) => ({
        url,
        statusCode: 403,
        statusMessage: 'Forbidden',
        headers: { 'content-type': 'application/json' },
        body: (async function* () {
          yield new TextEncoder().encode(JSON.stringify({ error: 'git host not allowed: example.org' }));
        })(),
      }),
    };
    const run = await terminal(refusing).git('clone', 'https://example.org/x/y.git');
    expect(run.out).toBe("Cloning into 'y'...\nfatal: unable to access 'https://example.org/x/y.git': git host not allowed: example.org\n");
    expect(run.code).toBe(128);
  });
});

describe('private repositories and credentials', () => {
  it('without credentials: Authentication failed', async () => {
    const t = terminal();
    const run = await t.git('clone', secret);
    expect(run.code).toBe(128);
    expect(run.out).toContain(`fatal: Authentication failed for '${secret}'\n`);
    expect(t.vfs.existsSync(`${HOME}/secret`)).toBe(false);
  });

  it('with a token in the URL: works, and the token is never shown or stored', async () => {
    const t = terminal();
    const withToken = secret.replace('http://', `http://x:${TOKEN}@`);
    const outputs: string[] = [];
    const run = await t.git('clone', withToken);
    outputs.push(run.out);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Cloning into 'secret'\.\.\.\n/);
    expect(t.read(`${HOME}/secret/SECRET.md`)).toBe('only with the token\n');
    t.cd(`${HOME}/secret`);
    const remotes = await t.git('remote', '-v');
    outputs.push(remotes.out);
    expect(remotes.out).toBe(`origin\t${secret} (fetch)\norigin\t${secret} (push)\n`);
    expect(t.read(`${HOME}/secret/.git/config`)).not.toContain(TOKEN);

    // Remembered for the host, as git's credential cache does: later commands authenticate without the URL.
    t.vfs.writeFileSync(`${HOME}/secret/more.txt`, 'more\n');
    await t.git('add', 'more.txt');
    await t.git('commit', '-m', 'More');
    const pushed = await t.git('push');
    outputs.push(pushed.out);
    expect(pushed.code).toBe(0);
    expect(pushed.out).toContain(`To ${secret}\n`);
    expect((await server.log('private/secret.git'))[0]?.subject).toBe('More');

    // A bad token in a remote URL: refused, and neither token is printed.
    const wrong = await t.git('remote', 'set-url', 'origin', secret.replace('http://', 'http://x:wrong-token-1234@'));
    outputs.push(wrong.out);
    const refused = await t.git('fetch');
    outputs.push(refused.out);
    expect(refused.code).toBe(128);
    expect(refused.out).toBe(`fatal: Authentication failed for '${secret}'\n`);
    for (const out of outputs) {
      expect(out).not.toContain(TOKEN);
      expect(out).not.toContain('wrong-token-1234');
    }
    expect(server.requests.some((request) => request.path.includes(TOKEN))).toBe(false);
  });

  it('masks credentials that reach an error message', async () => {
    const failing: HttpClient = {
      request: async () => {
        throw new Error(`could not connect to http://x:${TOKEN}@example.org/x.git (token ${TOKEN})`);
      },
    };
    const run = await terminal(failing).git('clone', `https://x:${TOKEN}@example.org/x.git`);
    expect(run.code).toBe(128);
    expect(run.out).not.toContain(TOKEN);
    expect(run.out).toContain("fatal: unable to access 'https://example.org/x.git': could not connect to http://example.org/x.git (token ***)\n");
  });
});

describe('git remote', () => {
  it('add, -v, get-url, set-url, remove', async () => {
    const t = terminal(null);
    await t.git('init');
    expect(await t.git('remote')).toEqual({ code: 0, out: '' });
    expect(await t.git('remote', 'add', 'origin', `https://me:${TOKEN}@example.org/me/app.git`)).toEqual({ code: 0, out: '' });
    expect(await t.git('remote', 'add', 'origin', 'https://example.org/other.git')).toEqual({ code: 3, out: 'error: remote origin already exists.\n' });
    await t.git('remote', 'add', 'upstream', 'https://example.org/team/app.git');
    expect((await t.git('remote')).out).toBe('origin\nupstream\n');
    expect((await t.git('remote', '-v')).out).toBe(
      'origin\thttps://example.org/me/app.git (fetch)\norigin\thttps://example.org/me/app.git (push)\n' +
        'upstream\thttps://example.org/team/app.git (fetch)\nupstream\thttps://example.org/team/app.git (push)\n',
    );
    expect(await t.git('remote', 'get-url', 'origin')).toEqual({ code: 0, out: 'https://example.org/me/app.git\n' });
    expect(await t.git('remote', 'set-url', 'origin', 'https://example.org/me/renamed.git')).toEqual({ code: 0, out: '' });
    expect((await t.git('remote', 'get-url', 'origin')).out).toBe('https://example.org/me/renamed.git\n');
    expect(await t.git('remote', 'get-url', 'nope')).toEqual({ code: 2, out: "error: No such remote 'nope'\n" });
    expect(await t.git('remote', 'remove', 'nope')).toEqual({ code: 2, out: "error: No such remote: 'nope'\n" });
    expect(await t.git('remote', 'rm', 'upstream')).toEqual({ code: 0, out: '' });
    expect((await t.git('remote')).out).toBe('origin\n');
    const unknown = await t.git('remote', 'frobnicate');
    expect(unknown.code).toBe(129);
    expect(unknown.out).toMatch(/^error: unknown subcommand: `frobnicate'\nusage: git remote /);
  });

  it('remove takes the remote-tracking branches and upstreams with it', async () => {
    const t = terminal();
    await t.git('clone', demo);
    t.cd(`${HOME}/demo`);
    expect(await t.git('rev-parse', 'origin/main')).toMatchObject({ code: 0 });
    expect(await t.git('remote', 'remove', 'origin')).toEqual({ code: 0, out: '' });
    expect((await t.git('rev-parse', 'origin/main')).code).not.toBe(0);
    expect((await t.git('config', 'branch.main.remote')).code).toBe(1);
    expect((await t.git('remote', '-v')).out).toBe('');
  });

  it('is listed in git help', async () => {
    const help = (await terminal(null).git('help')).out;
    for (const name of ['clone', 'remote', 'fetch', 'pull', 'push']) expect(help).toMatch(new RegExp(`^   ${name} +\\S`, 'm'));
  });
});
