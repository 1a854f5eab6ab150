import { expect, test, type Page } from '@playwright/test';
import { importProject } from './support/project';
import { resolveFromRegistry, tarballHashes } from './support/registry';
import { terminal, type TerminalDriver } from './support/terminal';
import { treeItem } from './support/workspace';

// Real packages from the npm registry, served by the fixture registry from its on-disk cache (filled by Node
// at test time) through the app's npm proxy: the browser itself never leaves loopback. Each test imports its
// own project and installs it, as a user who brings a project would.

/** Real trees take a while to resolve, fetch and extract on a shared 2-core machine. */
const INSTALL_TIMEOUT_MS = 90_000;

async function clearTerminal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Clear terminal' }).click();
}

/**
 * `npm install`, then a marker only a successful install prints. The terminal's text includes the typed
 * command, so the marker is quoted in two words there and printed as one phrase.
 */
async function npmInstall(shell: TerminalDriver, args = ''): Promise<void> {
  await shell.run(`npm install${args ? ` ${args}` : ''} && echo 'install' 'finished'`, { output: 'install finished', timeout: INSTALL_TIMEOUT_MS });
}

test.describe('npm with real packages', () => {
  test.setTimeout(120_000);

  test('installs dependencies and devDependencies, runs a devDependency bin, writes the lock file, lists and uninstalls', async ({ page }, info) => {
    const lodash = await resolveFromRegistry('lodash', '^4.17.0');
    const nanoid = await resolveFromRegistry('nanoid', '^3.3.0');
    await importProject(page, info, 'deps-and-dev-deps', {
      'package.json': {
        name: 'deps-and-dev-deps',
        version: '1.0.0',
        private: true,
        scripts: { id: 'nanoid --size 12 --alphabet z' },
        dependencies: { lodash: '^4.17.0' },
        devDependencies: { nanoid: '^3.3.0' },
      },
    });
    const shell = terminal(page, 1);
    await npmInstall(shell);

    await clearTerminal(page);
    await shell.run('ls node_modules', { output: 'nanoid' });
    await expect(shell.panel).toContainText('lodash');
    // nanoid's bin is the string form (`"bin": "./bin/nanoid.cjs"`): linked under the package's own name.
    await shell.run('npm run id', { output: 'z'.repeat(12) });
    await shell.run('npx nanoid --size 8 --alphabet y', { output: 'y'.repeat(8) });

    await expect(treeItem(page, 'package-lock.json')).toBeVisible();
    await shell.run(
      `node -e "const l = require('./package-lock.json'); console.log('lock v' + l.lockfileVersion + ' lodash ' + l.packages['node_modules/lodash'].version + ' nanoid dev=' + l.packages['node_modules/nanoid'].dev)"`,
      { output: `lock v3 lodash ${lodash.version} nanoid dev=true` },
    );
    await shell.run(`node -e "console.log('chunks ' + JSON.stringify(require('lodash').chunk([1, 2, 3], 2)))"`, { output: 'chunks [[1,2],[3]]' });

    await clearTerminal(page);
    await shell.run('npm ls', { output: `lodash@${lodash.version}` });
    await expect(shell.panel).toContainText(`nanoid@${nanoid.version}`);

    await shell.run("npm uninstall lodash && echo 'uninstall' 'finished'", { output: 'uninstall finished', timeout: INSTALL_TIMEOUT_MS });
    await clearTerminal(page);
    await shell.run('ls node_modules', { output: 'nanoid' });
    await expect(shell.panel).not.toContainText('lodash');
    await shell.run(`node -e "console.log('deps:' + JSON.stringify(require('./package.json').dependencies || {}))"`, { output: 'deps:{}' });
  });

  test('two versions of one package: the second is nested, and each side requires its own', async ({ page }, info) => {
    const ms = await resolveFromRegistry('ms', '^2.1.0');
    const debug = await resolveFromRegistry('debug', '^2.6.0');
    await importProject(page, info, 'two-versions', {
      'package.json': { name: 'two-versions', version: '1.0.0', private: true, dependencies: { debug: '^2.6.0', ms: '^2.1.0' } },
    });
    const shell = terminal(page, 1);
    await npmInstall(shell);

    // debug@2 pins ms@2.0.0 while the project wants ms@2.1: npm nests the older one under debug.
    await clearTerminal(page);
    await shell.run('ls node_modules/debug/node_modules', { output: 'ms' });
    await shell.run(`node -e "console.log('top ms ' + require('ms/package.json').version)"`, { output: `top ms ${ms.version}` });
    await shell.run(
      `node -e "const r = require('module').createRequire(require.resolve('debug')); console.log('debug ' + r('debug/package.json').version + ' sees ms ' + r('ms/package.json').version)"`,
      { output: `debug ${debug.version} sees ms 2.0.0` },
    );
    await shell.run(`node -e "console.log('ms says ' + require('ms')(90000))"`, { output: 'ms says 2m' });

    await clearTerminal(page);
    await shell.run('npm ls ms', { output: 'ms@2.0.0' });
    await expect(shell.panel).toContainText(`ms@${ms.version}`);
    await expect(shell.panel).toContainText(`debug@${debug.version}`);
  });

  test('installed files are byte-identical to the published tarballs', async ({ page }, info) => {
    const files = {
      handlebars: { range: '^4', paths: ['dist/handlebars.js', 'lib/index.js', 'package.json'] },
      lodash: { range: '^4', paths: ['lodash.js'] },
      // An ES module: a client that rewrote ESM to CommonJS on disk would change it.
      nanoid: { range: '^3', paths: ['index.js', 'bin/nanoid.cjs'] },
    };
    const expected = await Promise.all(
      Object.entries(files).map(async ([name, { range, paths }]) => ({ name, hashes: await tarballHashes(name, range, paths) })),
    );
    await importProject(page, info, 'byte-identical', {
      'package.json': {
        name: 'byte-identical',
        version: '1.0.0',
        private: true,
        dependencies: { handlebars: '^4', lodash: '^4' },
        devDependencies: { nanoid: '^3' },
      },
      // WebCrypto's digest, so the check depends on nothing but the bytes on disk. Short prefixes keep each
      // line well inside the terminal's width.
      'hash.js':
        "const fs = require('fs');\n" +
        'async function main() {\n' +
        '  for (const file of process.argv.slice(2)) {\n' +
        "    const digest = await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(fs.readFileSync('node_modules/' + file)));\n" +
        "    const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');\n" +
        "    console.log('sha256 ' + file + ' ' + hex.slice(0, 32));\n" +
        '  }\n}\nmain();\n',
    });
    const shell = terminal(page, 1);
    await npmInstall(shell);

    await clearTerminal(page);
    const all = expected.flatMap(({ name, hashes }) => Object.keys(hashes).map((path) => `${name}/${path}`));
    await shell.run(`node hash.js ${all.join(' ')}`, { output: `sha256 ${all.at(-1)} ` });
    for (const { name, hashes } of expected) {
      for (const [path, hash] of Object.entries(hashes)) await expect(shell.panel).toContainText(`sha256 ${name}/${path} ${hash.slice(0, 32)}`);
    }
    // And the UMD build still works as the published file does.
    await shell.run(`node -e "console.log(require('handlebars/dist/handlebars.js').compile('Hi {{who}}!')({ who: 'hbs' }))"`, { output: 'Hi hbs!' });
  });

  test('npm install optimist@~0.3 resolves 0.3.7, between an older 0.3.x and a newer latest', async ({ page }, info) => {
    await importProject(page, info, 'range', {});
    const shell = terminal(page, 1);
    await shell.run('npm view optimist version', { output: '0.6.1' });
    await npmInstall(shell, 'optimist@~0.3');
    await shell.run(`node -e "console.log('optimist ' + require('optimist/package.json').version)"`, { output: 'optimist 0.3.7' });
    // npm saves a range given on the command line with its save prefix and the version it picked.
    await shell.run(`node -e "console.log('saved ' + require('./package.json').dependencies.optimist)"`, { output: 'saved ^0.3.7' });
    await shell.run(`node -e "console.log('parsed ' + require('optimist')(['--size', '42']).argv.size * 2)"`, { output: 'parsed 84' });
  });
});
