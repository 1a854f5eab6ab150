/**
 * How many questions module resolution asks the file system: from a worker each one is a call to the frame, and
 * a bundled tool (Vite's own chunks) imports dozens of packages from deep inside its package.
 */
import { VirtualFS } from 'almostnode';
import { describe, expect, it } from 'vitest';
import { Resolver } from '@/lib/runtime-frame/offline/node/resolve';

function project(names: string[]) {
  const vfs = new VirtualFS();
  for (const name of names) {
    vfs.writeFileSync(`/app/node_modules/${name}/package.json`, JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
    vfs.writeFileSync(`/app/node_modules/${name}/index.js`, '');
  }
  vfs.writeFileSync('/app/node_modules/tool/dist/node/chunks/main.js', '');
  vfs.writeFileSync('/app/node_modules/tool/node_modules/nested/package.json', JSON.stringify({ name: 'nested', main: 'index.js' }));
  vfs.writeFileSync('/app/node_modules/tool/node_modules/nested/index.js', '');
  const asked: string[] = [];
  const fs = {
    existsSync: (path: string) => (asked.push(path), vfs.existsSync(path)),
    statSync: (path: string) => (asked.push(path), vfs.statSync(path)),
    readFileSync: (path: string, encoding: 'utf8') => (asked.push(path), vfs.readFileSync(path, encoding)),
  };
  return { resolver: new Resolver(fs), asked };
}

describe('resolving packages from deep inside another package', () => {
  const names = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
  const from = '/app/node_modules/tool/dist/node/chunks/main.js';

  it('finds each package, a nested one first, as Node does', () => {
    const { resolver } = project(names);
    for (const name of names) expect(resolver.resolve(name, from, 'import')).toEqual({ kind: 'file', path: `/app/node_modules/${name}/index.js` });
    expect(resolver.resolve('nested', from, 'require')).toEqual({ kind: 'file', path: '/app/node_modules/tool/node_modules/nested/index.js' });
    expect(() => resolver.resolve('missing', from, 'require')).toThrow(/Cannot find module 'missing'/);
  });

  it('looks for a package only in folders that have a node_modules folder', () => {
    const { resolver, asked } = project(names);
    for (const name of names) resolver.resolve(name, from, 'import');
    const withoutNodeModules = ['/app/node_modules/tool/dist/node/chunks', '/app/node_modules/tool/dist/node', '/app/node_modules/tool/dist'];
    for (const dir of withoutNodeModules) {
      expect(asked.filter((path) => path.startsWith(`${dir}/node_modules/`))).toEqual([]);
    }
    // In the tool's own node_modules, which exists, each package is looked for (and not found).
    for (const name of names) expect(asked).toContain(`/app/node_modules/tool/node_modules/${name}/package.json`);
  });

  it('asks about each path once: an existing file or package.json is one question, not "exists?" then "what is it?"', () => {
    const { resolver, asked } = project(names);
    for (const name of names) resolver.resolve(name, from, 'import');
    resolver.resolve('nested', from, 'require');
    // Whether a folder has node_modules is asked per package; a worker's file system keeps that answer.
    const files = asked.filter((path) => !path.endsWith('/node_modules'));
    const twice = files.filter((path, i) => files.indexOf(path) !== i);
    expect(twice).toEqual([]);
    expect(asked).toContain('/app/node_modules/alpha/index.js');
  });
});
