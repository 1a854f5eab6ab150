import { describe, expect, it } from 'vitest';
import { addSourceLocations } from '@/lib/dev-server-plugin/jsx-locations';
import { parseSourceLocation, sourceLocationAttribute } from '@/lib/preview-page/source-location';
import { extendViteConfigExport, isBundledViteConfig } from '@/lib/runtime-frame/offline/node/vite-config-hook';
import { sourceLocationsPlugin, type SourceLocationsPlugin } from '@/lib/dev-server-plugin/vite-plugin';

const APP = `import { useState } from 'react';
import Logo from './Logo';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main className="app">
      <Logo size={3} />
      <button onClick={() => setCount(count + 1)}>
        count is {count}
      </button>
    </main>
  );
}
`;

describe('JSX source locations', () => {
  it('marks host elements with their file, line and column, and leaves components alone', () => {
    const result = addSourceLocations(APP, '/home/project/src/App.jsx', 'src/App.jsx');
    if (!result) throw new Error('nothing was marked');
    expect(result.code).toContain('<main data-tabsmith-loc="src/App.jsx:7:5" className="app">');
    expect(result.code).toContain('<button data-tabsmith-loc="src/App.jsx:9:7" onClick=');
    expect(result.code).toContain('<Logo size={3} />');
    // The map points the moved text back at the user's lines.
    expect(result.map.sources).toEqual(['/home/project/src/App.jsx']);
    expect(result.map.mappings).not.toBe('');
  });

  it('reads TypeScript in .tsx files', () => {
    const line = 'export const Badge = ({ label }: Props) => <span title={label as string}>{label}</span>;';
    const result = addSourceLocations(`type Props = { label: string };\n${line}\n`, '/p/src/Badge.tsx', 'src/Badge.tsx');
    expect(result?.code).toContain(`<span data-tabsmith-loc="src/Badge.tsx:2:${line.indexOf('<span') + 1}" title={label as string}>`);
  });

  it('steps aside for a module without host elements or one that does not parse', () => {
    expect(addSourceLocations('export const x = 1;\n', '/p/a.jsx', 'a.jsx')).toBeNull();
    expect(addSourceLocations('const App = () => <Other />;\n', '/p/a.jsx', 'a.jsx')).toBeNull();
    expect(addSourceLocations('const App = () => <div <;\n', '/p/a.jsx', 'a.jsx')).toBeNull();
  });
});

describe('the plugin in a Vite config', () => {
  const pluginOf = (config: unknown) => (config as { plugins: unknown[] }).plugins[0] as SourceLocationsPlugin;

  it('recognises the module Vite bundles a config into, and only that', () => {
    expect(isBundledViteConfig('/home/project/node_modules/.vite-temp/vite.config.js.timestamp-1732850000000-4f2a1c9e0b.mjs')).toBe(true);
    expect(isBundledViteConfig('/home/project/vite.config.ts.timestamp-1732850000000-abc123.mjs')).toBe(true);
    expect(isBundledViteConfig('/home/project/vite.config.js')).toBe(false);
    expect(isBundledViteConfig('/home/project/src/vite.config.helper.mjs')).toBe(false);
  });

  it('puts the plugin first in an object config, a function config and a promised one, keeping the user’s plugins after it', async () => {
    const user = { name: 'user-plugin' };
    const fromObject = extendViteConfigExport(() => ({ plugins: [user], base: '/x/' }), {})();
    expect((fromObject as { base: string }).base).toBe('/x/');
    expect((fromObject as { plugins: unknown[] }).plugins.slice(1)).toEqual([user]);
    expect(pluginOf(fromObject).name).toBe('tabsmith:source-locations');
    expect(pluginOf(fromObject).apply).toBe('serve');

    const fromFunction = extendViteConfigExport(() => (env: { command: string }) => ({ plugins: [user], define: { command: env.command } }), {})() as (
      env: unknown,
    ) => unknown;
    expect(pluginOf(fromFunction({ command: 'serve' })).name).toBe('tabsmith:source-locations');

    const fromPromise = await (extendViteConfigExport(() => Promise.resolve({}), {})() as Promise<unknown>);
    expect(pluginOf(fromPromise).name).toBe('tabsmith:source-locations');
  });

  it('answers the same extended config each time the default export is read', () => {
    const config = { plugins: [] };
    const get = extendViteConfigExport(() => config, {});
    expect(get()).toBe(get());
  });

  it('marks JSX in the dev server, and nothing under Vitest, in node_modules or in other files', async () => {
    const plugin = sourceLocationsPlugin({});
    plugin.configResolved({ root: '/home/project', mode: 'development' });
    expect((await plugin.transform(APP, '/home/project/src/App.jsx'))?.code).toContain('data-tabsmith-loc="src/App.jsx:7:5"');
    // A part the framework made from the file, or the file as text (`?raw`), is not the module as written.
    expect(await plugin.transform(APP, '/home/project/src/App.jsx?raw')).toBeNull();
    expect(await plugin.transform(APP, '/home/project/node_modules/lib/App.jsx')).toBeNull();
    expect(await plugin.transform('body { color: red }', '/home/project/src/App.css')).toBeNull();

    const underVitest = sourceLocationsPlugin({ VITEST: 'true' });
    underVitest.configResolved({ root: '/home/project', mode: 'test' });
    expect(await underVitest.transform(APP, '/home/project/src/App.jsx')).toBeNull();
  });
});

describe('the source-location mark', () => {
  it('reads back any file name it wrote, and nothing it did not', () => {
    for (const file of ['src/App.jsx', 'src/100%.jsx', 'src/a"b&c.tsx', 'src/a%22b.jsx']) {
      const written = sourceLocationAttribute(file, 12, 5);
      const value = written.match(/="([^"]*)"$/)?.[1] ?? null;
      expect(parseSourceLocation(value)).toEqual({ file, line: 12, column: 5 });
    }
    expect(parseSourceLocation('src/App.jsx')).toBeNull();
    expect(parseSourceLocation('src/%E0%A4%A.jsx:1:1')).toBeNull();
  });
});
