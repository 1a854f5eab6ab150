/**
 * Which registry the npm proxy forwards to: TABSMITH_NPM_REGISTRY, then what npm's own configuration says,
 * then npm's public default; and the one line the server logs about it at start-up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NPM_PUBLIC_REGISTRY, chooseUpstreamRegistry, npmConfigReader, reportUpstreamRegistry } from '@/lib/server/npm-upstream';

const npmSays = (value: string | null) => vi.fn(async () => value);

afterEach(() => vi.restoreAllMocks());

describe('upstream registry order', () => {
  it('takes TABSMITH_NPM_REGISTRY first, without asking npm', async () => {
    const readNpmConfig = npmSays('https://mirror.test/npm/');
    const chosen = await chooseUpstreamRegistry({ env: { TABSMITH_NPM_REGISTRY: 'https://a.test/r/' }, readNpmConfig });
    expect(chosen).toEqual({ url: 'https://a.test/r', source: 'TABSMITH_NPM_REGISTRY' });
    expect(readNpmConfig).not.toHaveBeenCalled();
  });

  it("takes npm's configured registry when the variable is not set", async () => {
    const chosen = await chooseUpstreamRegistry({ env: {}, readNpmConfig: npmSays('https://mirror.test/npm/\n') });
    expect(chosen).toEqual({ url: 'https://mirror.test/npm', source: 'npm config' });
  });

  it("falls back to npm's public default when npm says nothing usable, fails or is missing", async () => {
    for (const readNpmConfig of [npmSays(null), npmSays(''), npmSays('not a url'), npmSays('file:///etc'), vi.fn(() => Promise.reject(new Error('ENOENT')))]) {
      expect(await chooseUpstreamRegistry({ env: { TABSMITH_NPM_REGISTRY: '' }, readNpmConfig })).toEqual({ url: NPM_PUBLIC_REGISTRY, source: 'default' });
    }
    expect(NPM_PUBLIC_REGISTRY).toMatch(/^https:\/\/[^/]+$/);
  });

  it('refuses an invalid TABSMITH_NPM_REGISTRY instead of quietly using another registry', async () => {
    for (const value of ['file:///etc', 'not a url']) {
      await expect(chooseUpstreamRegistry({ env: { TABSMITH_NPM_REGISTRY: value }, readNpmConfig: npmSays('https://b.test') })).rejects.toMatchObject({
        status: 500,
        message: expect.stringMatching(/TABSMITH_NPM_REGISTRY must be an http\(s\) URL/),
      });
    }
  });
});

describe('reading npm config', () => {
  it("asks npm, which reads the user's configuration (here npm_config_registry)", async () => {
    const read = npmConfigReader({ ...process.env, npm_config_registry: 'http://127.0.0.1:9/from-npm/' }, 10_000);
    expect(await read()).toBe('http://127.0.0.1:9/from-npm/');
  }, 15_000);

  it('uses npm_config_registry from the environment when npm cannot be run', async () => {
    const read = npmConfigReader({ PATH: '/nonexistent', npm_config_registry: 'https://from-env.test/' }, 2_000);
    expect(await read()).toBe('https://from-env.test/');
    expect(await npmConfigReader({ PATH: '/nonexistent' }, 2_000)()).toBeNull();
  });
});

describe('start-up log', () => {
  it('names the registry and where the choice came from, without credentials', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const line = await reportUpstreamRegistry(async () => ({ url: 'https://user:secret@mirror.test/npm', source: 'npm config' }));
    expect(line).toBe('[tabsmith] npm registry for in-browser installs: https://mirror.test/npm (from npm config)');
    expect(log).toHaveBeenCalledWith(line);
    const fallback = await reportUpstreamRegistry(async () => ({ url: NPM_PUBLIC_REGISTRY, source: 'default' }));
    expect(fallback).toMatch(/\(npm's default; set TABSMITH_NPM_REGISTRY to use another\)$/);
  });

  it('says what is wrong with the setting instead of failing the start', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const line = await reportUpstreamRegistry(() => Promise.reject(new Error('TABSMITH_NPM_REGISTRY must be an http(s) URL.')));
    expect(line).toMatch(/TABSMITH_NPM_REGISTRY must be an http\(s\) URL\. In-browser installs will fail/);
    expect(error).toHaveBeenCalledOnce();
  });
});
