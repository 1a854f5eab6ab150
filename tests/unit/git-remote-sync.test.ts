/**
 * git fetch, pull and push in the offline runtime's terminal against the smart-HTTP fixture (real git behind
 * it), and the fixture's own behaviour the end-to-end tests rely on.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitTerminal, GIT_FIXTURE, HOME, startGitFixture, type GitFixture } from './git-terminal';

const OID = /[0-9a-f]{7}/.source;

/** A terminal whose git reaches the fixture; `pipe` makes stderr a pipe rather than the terminal. */
function terminal(options: { pipe?: boolean } = {}) {
  const { vfs, git, cwd, cd } = gitTerminal({ pipe: options.pipe ?? false });
  const write = (path: string, text: string) => vfs.writeFileSync(`${cwd()}/${path}`, text);
  const commit = async (path: string, text: string, message: string) => {
    write(path, text);
    await git('add', path);
    expect((await git('commit', '-m', message)).code).toBe(0);
  };
  return { vfs, git, write, commit, cd, read: (path: string) => vfs.readFileSync(`${cwd()}/${path}`, 'utf8') };
}

let server: GitFixture;
async function cloneDemo(t: ReturnType<typeof terminal>) {
  expect((await t.git('clone', `${server.url}/public/demo.git`)).code).toBe(0);
  t.cd(`${HOME}/demo`);
}

beforeAll(async () => {
  server = await startGitFixture();
}, 30_000);

afterAll(async () => {
  await server?.close();
});

describe('git fetch', () => {
  it('lists new and updated remote-tracking branches under From', async () => {
    const t = terminal({ pipe: true });
    await cloneDemo(t);
    expect(await t.git('fetch')).toEqual({ code: 0, out: '' });
    const seed = terminal();
    await cloneDemo(seed);
    await seed.git('checkout', '-b', 'fetch-new');
    await seed.commit('new.txt', 'new\n', 'On a new branch');
    await seed.git('push', 'origin', 'fetch-new');
    const oldMain = (await t.git('rev-parse', 'origin/main')).out.trim();
    const newMain = await server.addCommit('public/demo.git', { path: 'fetched.txt', content: 'f\n', message: 'To be fetched' });

    const run = await t.git('fetch');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`From ${server.url}/public/demo.git\n`);
    expect(run.out).toContain(` * [new branch]      fetch-new  -> origin/fetch-new\n`);
    expect(run.out).toContain(`   ${oldMain.slice(0, 7)}..${newMain.slice(0, 7)}  main       -> origin/main\n`);
    // Fetch leaves the checked-out branch alone.
    expect(t.vfs.existsSync(`${HOME}/demo/fetched.txt`)).toBe(false);
    expect((await t.git('rev-parse', 'origin/main')).out).toBe(`${newMain}\n`);

    const one = await t.git('fetch', 'origin', 'main');
    expect(one).toEqual({ code: 0, out: `From ${server.url}/public/demo.git\n * branch            main       -> FETCH_HEAD\n` });
    expect(await t.git('fetch', 'nowhere')).toMatchObject({
      code: 128,
      out: expect.stringContaining("fatal: 'nowhere' does not appear to be a git repository\n"),
    });
  });

  it('draws progress in place on a terminal, and only finished lines into a pipe', async () => {
    const live = await terminal().git('clone', `${server.url}/public/demo.git`);
    expect(live.out).toMatch(/Receiving objects: +\d+% \(\d+\/\d+\)\r/);
    expect(live.out).toMatch(/remote: Counting objects: +\d+% \(\d+\/\d+\)\r/);
    const piped = await terminal({ pipe: true }).git('clone', `${server.url}/public/demo.git`);
    expect(piped.out).not.toContain('\r');
    expect(piped.out).toMatch(/^Cloning into 'demo'\.\.\.\nremote: .*\n(?:.*\n)*Receiving objects: 100% \((\d+)\/\1\), done\.\n/);
  });
});

describe('git status against the upstream', () => {
  it('says whether the branch is up to date, ahead, behind or diverged, in the long and short formats', async () => {
    const t = terminal();
    expect((await t.git('clone', `${server.url}/public/demo.git`, 'tracked')).code).toBe(0);
    t.cd(`${HOME}/tracked`);
    expect((await t.git('status')).out).toMatch(/^On branch main\nYour branch is up to date with 'origin\/main'\.\n\nnothing to commit, working tree clean\n$/);
    await t.commit('mine.txt', 'mine\n', 'Mine');
    expect((await t.git('status')).out).toContain('Your branch is ahead of \'origin/main\' by 1 commit.\n  (use "git push" to publish your local commits)\n');
    await server.addCommit('public/demo.git', { path: 'theirs.txt', content: 'theirs\n', message: 'Theirs' });
    await server.addCommit('public/demo.git', { path: 'theirs2.txt', content: 'theirs\n', message: 'Theirs again' });
    expect((await t.git('fetch')).code).toBe(0);
    expect((await t.git('status')).out).toContain("Your branch and 'origin/main' have diverged,\nand have 1 and 2 different commits each, respectively.\n");
    expect((await t.git('status', '-sb')).out).toBe('## main...origin/main [ahead 1, behind 2]\n');
  });
});

describe('git pull', () => {
  it('fast-forwards to what the server has', async () => {
    const t = terminal({ pipe: true });
    await cloneDemo(t);
    const before = (await t.git('rev-parse', 'HEAD')).out.trim();
    const after = await server.addCommit('public/demo.git', { path: 'docs/pulled.md', content: 'one\ntwo\n', message: 'Add docs' });
    const run = await t.git('pull');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`From ${server.url}/public/demo.git\n   ${before.slice(0, 7)}..${after.slice(0, 7)}  main       -> origin/main\n`);
    expect(run.out).toMatch(
      new RegExp(
        `Updating ${before.slice(0, 7)}\\.\\.${after.slice(0, 7)}\\nFast-forward\\n 1 file changed, 2 insertions\\(\\+\\)\\n create mode 100644 docs/pulled.md\\n$`,
      ),
    );
    expect(t.read('docs/pulled.md')).toBe('one\ntwo\n');
    expect((await t.git('log', '--oneline', '-1')).out).toMatch(/ Add docs\n$/);
    expect((await t.git('pull', '--ff-only')).out).toBe('Already up to date.\n');
  });

  it('makes a merge commit when both sides have new commits', async () => {
    const t = terminal({ pipe: true });
    await cloneDemo(t);
    await t.commit('local.txt', 'mine\n', 'Local work');
    await server.addCommit('public/demo.git', { path: 'remote.txt', content: 'theirs\n', message: 'Remote work' });
    expect((await t.git('pull', '--ff-only')).out).toContain('fatal: Not possible to fast-forward, aborting.\n');
    const run = await t.git('pull', '--no-rebase');
    expect(run.code).toBe(0);
    expect(run.out).toContain("Merge made by the 'recursive' strategy.\n");
    expect(run.out).toContain(' create mode 100644 remote.txt\n');
    expect(t.read('remote.txt')).toBe('theirs\n');
    expect(t.read('local.txt')).toBe('mine\n');
    const log = (await t.git('log', '--oneline')).out.split('\n');
    expect(log[0]).toMatch(new RegExp(`^${OID} \\(HEAD -> main\\) Merge branch 'main' of ${server.url}/public/demo.git$`));
    expect(log.filter((line) => line.endsWith(' Local work'))).toHaveLength(1);
    // The merge goes back up.
    expect((await t.git('push')).code).toBe(0);
    expect((await server.log('public/demo.git'))[0]?.subject).toBe(`Merge branch 'main' of ${server.url}/public/demo.git`);
  });

  it('reports conflicts as git does and changes nothing', async () => {
    const t = terminal({ pipe: true });
    await cloneDemo(t);
    await t.commit('README.md', '# Mine\n', 'Local README');
    await server.addCommit('public/demo.git', { path: 'README.md', content: '# Theirs\n', message: 'Remote README' });
    const head = (await t.git('rev-parse', 'HEAD')).out;
    const run = await t.git('pull');
    expect(run.code).toBe(1);
    expect(run.out).toContain('CONFLICT (content): Merge conflict in README.md\nAutomatic merge failed');
    expect((await t.git('rev-parse', 'HEAD')).out).toBe(head);
    expect(t.read('README.md')).toBe('# Mine\n');
  });

  it("without an upstream: git's advice", async () => {
    const t = terminal();
    await cloneDemo(t);
    await t.git('checkout', '-b', 'loose');
    const run = await t.git('pull');
    expect(run.code).toBe(1);
    expect(run.out).toContain('There is no tracking information for the current branch.\n');
    expect(run.out).toContain('    git branch --set-upstream-to=<remote>/<branch> loose\n');
    expect((await t.git('branch', '--set-upstream-to=origin/main')).out).toBe("branch 'loose' set up to track 'origin/main'.\n");
    expect((await t.git('pull')).code).toBe(0);
  });
});

describe('git push', () => {
  it('pushes a new commit, and a new branch with -u', async () => {
    const t = terminal({ pipe: true });
    await cloneDemo(t);
    const before = (await t.git('rev-parse', 'HEAD')).out.trim();
    await t.commit('pushed.txt', 'pushed\n', 'Pushed from the runtime');
    const after = (await t.git('rev-parse', 'HEAD')).out.trim();
    expect(await t.git('push')).toEqual({ code: 0, out: `To ${server.url}/public/demo.git\n   ${before.slice(0, 7)}..${after.slice(0, 7)}  main -> main\n` });
    expect((await server.log('public/demo.git'))[0]).toEqual({ oid: after, subject: 'Pushed from the runtime' });
    expect((await t.git('rev-parse', 'origin/main')).out).toBe(`${after}\n`);
    expect(await t.git('push')).toEqual({ code: 0, out: 'Everything up-to-date\n' });

    await t.git('checkout', '-b', 'topic-push');
    const none = await t.git('push');
    expect(none.code).toBe(128);
    expect(none.out).toContain(
      'fatal: The current branch topic-push has no upstream branch.\nTo push the current branch and set the remote as upstream, use\n\n    git push --set-upstream origin topic-push\n',
    );
    await t.commit('topic.txt', 'topic\n', 'Topic work');
    const created = await t.git('push', '-u', 'origin', 'topic-push');
    expect(created).toEqual({
      code: 0,
      out: `To ${server.url}/public/demo.git\n * [new branch]      topic-push -> topic-push\nbranch 'topic-push' set up to track 'origin/topic-push'.\n`,
    });
    expect((await server.log('public/demo.git', 'topic-push'))[0]?.subject).toBe('Topic work');
    expect((await t.git('config', 'branch.topic-push.merge')).out).toBe('refs/heads/topic-push\n');
  });

  it("refuses a push that would lose the server's commits", async () => {
    const t = terminal({ pipe: true });
    await cloneDemo(t);
    await server.addCommit('public/demo.git', { path: 'elsewhere.txt', content: 'x\n', message: 'Pushed by someone else' });
    await t.commit('mine.txt', 'mine\n', 'Not yet pushed');
    const url = `${server.url}/public/demo.git`;
    const run = await t.git('push');
    expect(run.code).toBe(1);
    expect(run.out).toBe(
      `To ${url}\n ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to '${url}'\n` +
        'hint: Updates were rejected because the remote contains work that you do\n' +
        'hint: not have locally. This is usually caused by another repository pushing\n' +
        'hint: to the same ref. You may want to first integrate the remote changes\n' +
        "hint: (e.g., 'git pull ...') before pushing again.\n" +
        "hint: See the 'Note about fast-forwards' in 'git push --help' for details.\n",
    );
    expect((await server.log('public/demo.git'))[0]?.subject).toBe('Pushed by someone else');
    // Once fetched, git calls it what it is: the branch is behind.
    await t.git('fetch');
    expect((await t.git('push')).out).toContain(' ! [rejected]        main -> main (non-fast-forward)\n');
  });

  it('publishes a project started here: init, remote add, push -u', async () => {
    const t = terminal({ pipe: true });
    await t.git('init');
    await t.commit('app.js', 'app\n', 'Started in the browser');
    await t.git('remote', 'add', 'origin', `${server.url}/public/demo.git`);
    const run = await t.git('push', '-u', 'origin', 'main:from-browser');
    expect(run).toEqual({
      code: 0,
      out: `To ${server.url}/public/demo.git\n * [new branch]      main -> from-browser\nbranch 'main' set up to track 'origin/from-browser'.\n`,
    });
    expect((await server.log('public/demo.git', 'from-browser')).map((entry) => entry.subject)).toEqual(['Started in the browser']);
    await t.commit('app.js', 'app v2\n', 'Second');
    expect((await t.git('push')).out).toMatch(new RegExp(`^To .*\\n   ${OID}\\.\\.${OID}  main -> from-browser\\n$`));
    expect((await server.log('public/demo.git', 'from-browser'))[0]?.subject).toBe('Second');
  });

  it('without any remote: no configured push destination', async () => {
    const t = terminal();
    await t.git('init');
    await t.commit('a.txt', 'a\n', 'first');
    const run = await t.git('push');
    expect(run.code).toBe(128);
    expect(run.out).toMatch(/^fatal: No configured push destination\.\n/);
  });
});

describe('the git fixture', () => {
  it('redirects /redirect/ to the same path on localhost, and takes gzip request bodies', async () => {
    const redirect = await fetch(`${server.url}/redirect/public/demo.git/info/refs?service=git-upload-pack`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`http://localhost:${new URL(server.url).port}/public/demo.git/info/refs?service=git-upload-pack`);
    const [tip] = await server.log('public/demo.git');
    const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
    const body = gzipSync(Buffer.from(`${pkt(`want ${tip?.oid}\n`)}0000${pkt('done\n')}`));
    const response = await fetch(`${server.url}/public/demo.git/git-upload-pack`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-git-upload-pack-request', 'Content-Encoding': 'gzip' },
      body,
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).includes('PACK')).toBe(true);
    expect(server.requests.at(-1)).toEqual({ method: 'POST', path: '/public/demo.git/git-upload-pack', authorized: false });
  });

  it('runs standalone and prints its URL', async () => {
    const child = spawn(process.execPath, [fileURLToPath(GIT_FIXTURE), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /git fixture serving on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1] as string);
        });
        child.on('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
      });
      const refs = await fetch(`${url}/public/demo.git/info/refs?service=git-upload-pack`);
      expect(refs.status).toBe(200);
      expect(await refs.text()).toContain('refs/heads/main');
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 30_000);
});
