import { describe, expect, it, vi } from 'vitest';
import { configuredWebContainerApiKey, describeWebContainerKey, reportWebContainerKey } from '@/lib/server/webcontainer-key';

describe('TABSMITH_WEBCONTAINER_API_KEY', () => {
  it('hands a well-formed key to the page, trimmed; nothing when unset, blank or malformed', () => {
    expect(configuredWebContainerApiKey({ TABSMITH_WEBCONTAINER_API_KEY: ' wc_api_abc-123 ' })).toBe('wc_api_abc-123');
    expect(configuredWebContainerApiKey({})).toBeNull();
    expect(configuredWebContainerApiKey({ TABSMITH_WEBCONTAINER_API_KEY: '  ' })).toBeNull();
    expect(configuredWebContainerApiKey({ TABSMITH_WEBCONTAINER_API_KEY: '"><script>alert(1)</script>' })).toBeNull();
  });

  it('the start-up line says whether a key is set, never the key, and what the licence asks when none is', () => {
    const set = describeWebContainerKey({ TABSMITH_WEBCONTAINER_API_KEY: 'wc_api_secretish' });
    expect(set).toMatch(/^\[tabsmith\] WebContainer API key: set/);
    expect(set).toMatch(/every browser that opens the IDE receives it/);
    expect(set).not.toContain('wc_api_secretish');
    const unset = describeWebContainerKey({});
    expect(unset).toMatch(/not set; WebContainer runs without one/);
    expect(unset).toMatch(/Commercial production use needs StackBlitz's licence/);
    expect(describeWebContainerKey({ TABSMITH_WEBCONTAINER_API_KEY: 'a b' })).toMatch(/is not a key .*none is used/);
  });

  it('a malformed key is reported as an error, the others as information', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportWebContainerKey({});
    reportWebContainerKey({ TABSMITH_WEBCONTAINER_API_KEY: 'a b' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
    log.mockRestore();
    error.mockRestore();
  });
});
