import { expect, type Page } from '@playwright/test';
import { sharedIdeTest } from './support/shared-ide';
import { axeViolations } from './support/axe';
import { terminal } from './support/terminal';
import { alertWith, waitForWorkspace } from './support/workspace';
// @ts-expect-error the fixture is plain JavaScript, run by Node
import { startGitFixture } from './fixtures/git-server/server.mjs';

// git against a real smart-HTTP server (the system's `git http-backend` behind a loopback server, started here on
// the port the IDE's server allows through TABSMITH_GIT_HOSTS): clone, pull, push from the terminal, through the
// app's git proxy, with a token saved in Settings used only once the user allows it, and never shown.

interface GitFixture {
  url: string;
  close(): Promise<void>;
  addCommit(repo: string, change: { path: string; content: string; message: string }): Promise<void>;
  log(repo: string): Promise<{ oid: string; subject: string }[]>;
}

const subjects = async (repo: string) => (await fixture.log(repo)).map((commit) => commit.subject);

const TOKEN = 'fixture-token-7f3a';
const test = sharedIdeTest();
let fixture: GitFixture;

test.beforeAll(async () => {
  fixture = (await startGitFixture({ port: Number(process.env.TABSMITH_E2E_GIT_PORT) })) as GitFixture;
});
test.afterAll(async () => fixture?.close());

async function saveToken(page: Page, host: string, token: string) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Git host').fill(host);
  await dialog.getByLabel('Access token').fill(token);
  await dialog.getByRole('button', { name: 'Save git token' }).click();
  await expect(dialog.getByText(`Token saved in this browser, ending in “${token.slice(-4)}”`)).toBeVisible();
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
}

test.describe('git with remotes', () => {
  test('clones a repository, pulls a new commit from it, pushes one back, and is refused a push that is behind', async ({ page }) => {
    test.setTimeout(240_000);
    const shell = terminal(page, 1);
    await shell.run(`git clone ${fixture.url}/public/demo.git`, { output: "Cloning into 'demo'...", timeout: 60_000 });
    await shell.run('cd demo && ls && git log --oneline | wc -l | sed "s/^/commits: /"', { output: /commits: +2/ });
    await expect(shell.panel).toContainText('README.md');

    await fixture.addCommit('public/demo.git', { path: 'NEWS.md', content: 'from the server\n', message: 'Server news' });
    await shell.run('git pull', { output: 'Fast-forward', timeout: 60_000 });
    await shell.run('cat NEWS.md', { output: 'from the server' });

    await shell.run('echo "from the tab" > TAB.md && git add TAB.md && git commit -q -m "Tab change"');
    await shell.run('git status', { output: "Your branch is ahead of 'origin/main' by 1 commit." });
    await shell.run('git push', { output: 'main -> main', timeout: 60_000 });
    expect(await subjects('public/demo.git')).toContain('Tab change');

    await fixture.addCommit('public/demo.git', { path: 'OTHER.md', content: 'meanwhile\n', message: 'Meanwhile on the server' });
    await shell.run('echo again >> TAB.md && git commit -q -am "Behind" ; git push; echo "push exit $?"', { output: 'push exit 1', timeout: 60_000 });
    await expect(shell.panel).toContainText('! [rejected]');
    await expect(shell.panel).toContainText(`error: failed to push some refs to '${fixture.url}/public/demo.git'`);
  });

  test('refuses hosts the server does not allow, and redirects to another host, saying why', async ({ page }) => {
    const shell = terminal(page, 1);
    await shell.run('git clone https://evil.example/owner/repo.git; echo "exit $?"', { output: /exit 128/, timeout: 30_000 });
    await expect(shell.panel).toContainText('evil.example is not allowed');
    await shell.run(`git clone ${fixture.url}/redirect/public/demo.git moved; echo "exit $?"`, { output: /exit 128/, timeout: 30_000 });
    await expect(shell.panel).toContainText('another host');
  });

  test('a private repository: refused without a token; with one saved, cloned once the user allows it; the token never shows', async ({ page }) => {
    test.setTimeout(180_000);
    const shell = terminal(page, 1);
    await shell.run(`git clone ${fixture.url}/private/secret.git; echo "exit $?"`, { output: /exit 128/, timeout: 30_000 });
    await expect(shell.panel).toContainText('Authentication failed');

    const host = new URL(fixture.url).host;
    await saveToken(page, host, TOKEN);
    await shell.start(`git clone ${fixture.url}/private/secret.git`);
    const ask = page.getByRole('dialog', { name: `Use your ${host} token?` });
    await expect(ask).toContainText(`read ${fixture.url}/private/secret.git`);
    expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
    await ask.getByRole('button', { name: 'Allow reading' }).click();
    await expect(shell.panel).toContainText("Cloning into 'secret'...");
    await shell.waitForPrompt(60_000);
    // Answering gives the keyboard back to the terminal the command was typed in.
    await expect(page.getByRole('textbox', { name: 'Terminal input' })).toBeFocused();
    await shell.run('ls secret', { output: 'SECRET.md' });

    // A push with the token is asked for each time; denied, nothing is sent and git says why.
    await shell.run('cd secret && echo x > x.txt && git add x.txt && git commit -q -m x');
    await shell.start('git push; echo "push exit $?"');
    const push = page.getByRole('dialog', { name: `Use your ${host} token?` });
    await expect(push).toContainText(`push to ${fixture.url}/private/secret.git`);
    await push.getByRole('button', { name: 'Deny' }).click();
    await expect(shell.panel).toContainText('push exit 128', { timeout: 30_000 });
    await expect(shell.panel).toContainText(`you did not allow the use of your ${host} token`);
    expect(await subjects('private/secret.git')).not.toContain('x');

    expect(await shell.panel.innerText()).not.toContain(TOKEN);
  });

  test("the launcher's Import from Git opens the repository as a workspace with its history, and says why a clone fails", async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/?runtime=offline');
    await page.getByRole('button', { name: 'Import from Git' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Import from Git' });
    await dialog.getByLabel('Repository URL').fill('https://evil.example/owner/repo.git');
    expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Clone' }).click();
    await expect(alertWith(page, 'evil.example is not allowed')).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Import from Git' }).click();
    await dialog.getByLabel('Repository URL').fill(`${fixture.url}/public/demo.git`);
    await dialog.getByRole('button', { name: 'Clone' }).click();
    await page.waitForURL(/[?&]ws=/, { timeout: 60_000 });
    await waitForWorkspace(page);
    const shell = terminal(page, 1);
    const [latest] = await subjects('public/demo.git');
    await shell.run('git log --oneline -n 1; git remote -v', { output: latest });
    await expect(shell.panel).toContainText(new RegExp(`origin\\s+${fixture.url.replaceAll('.', '\\.')}/public/demo\\.git \\(fetch\\)`));
    await shell.run('ls', { output: 'README.md' });
    await context.close();
  });
});
