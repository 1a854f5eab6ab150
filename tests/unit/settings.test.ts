import { describe, expect, it } from 'vitest';
import { API_KEY_HEADER, MODEL_HEADER, PROVIDER_HEADER, type ModelOptions } from '@/lib/agent/model-options';
import { modeStatus } from '@/lib/settings/mode-status';
import { modeRequestHeaders } from '@/lib/settings/request-headers';
import { DEFAULT_SETTINGS, parseSettings } from '@/lib/settings/schema';

const KEY = 'AIza-user-own-key-0123456789';

const options: ModelOptions = {
  providers: [
    { id: 'gemini', label: 'Google Gemini', models: ['gemini-3.5-flash-lite', 'gemini-3.8-flash'], serverKey: false, keyRequired: true },
    { id: 'replay', label: 'Replay (recorded sessions)', models: ['replay'], serverKey: false, keyRequired: false },
  ],
  defaults: {
    fast: { provider: 'gemini', model: 'gemini-3.5-flash-lite' },
    balanced: { provider: 'gemini', model: 'gemini-3.8-flash' },
    deep: { provider: 'replay', model: 'replay' },
  },
};

describe('stored settings', () => {
  it('fall back field by field: anything unreadable becomes the default, the rest is kept', () => {
    expect(parseSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('garbage')).toEqual(DEFAULT_SETTINGS);
    const parsed = parseSettings({
      theme: 'dark',
      editorFontSize: 99,
      tabWidth: 3,
      models: { fast: { provider: 'gemini', model: 'gemini-3.8-flash' }, deep: { provider: 'nope', model: 'x' }, turbo: { provider: 'gemini', model: 'y' } },
      apiKeys: { gemini: ` ${KEY} `, replay: 'bad key with spaces', claude: KEY },
      gitTokens: {
        'GitHub.com': { token: ' ghp_abcd1234 ' },
        'bad host!': { token: 'ghp_abcd1234' },
        'gitlab.com': { token: 'has space' },
        '127.0.0.1:4990': { username: 'me', token: 'tok1' },
      },
    });
    expect(parsed).toEqual({
      theme: 'dark',
      editorFontSize: 13,
      tabWidth: 2,
      models: { fast: { provider: 'gemini', model: 'gemini-3.8-flash' } },
      apiKeys: { gemini: KEY },
      gitTokens: { 'github.com': { token: 'ghp_abcd1234' }, '127.0.0.1:4990': { username: 'me', token: 'tok1' } },
    });
  });
});

describe('request headers from settings', () => {
  it("carry the mode's chosen model and the key for that model's provider", () => {
    const settings = { ...DEFAULT_SETTINGS, models: { fast: { provider: 'gemini' as const, model: 'gemini-3.8-flash' } }, apiKeys: { gemini: KEY } };
    expect(modeRequestHeaders('fast', settings)).toEqual({ [PROVIDER_HEADER]: 'gemini', [MODEL_HEADER]: 'gemini-3.8-flash', [API_KEY_HEADER]: KEY });
    // No choice: the server's default provider decides which key goes.
    expect(modeRequestHeaders('balanced', settings, 'gemini')).toEqual({ [API_KEY_HEADER]: KEY });
    expect(modeRequestHeaders('deep', settings, 'replay')).toEqual({});
    expect(modeRequestHeaders('fast', DEFAULT_SETTINGS, 'gemini')).toEqual({});
  });
});

describe('what the chat says before the first message', () => {
  it('names the model and whose key, or that there is none', () => {
    expect(modeStatus('fast', DEFAULT_SETTINGS, options)).toMatchObject({
      ready: false,
      text: expect.stringMatching(/No Google Gemini API key: Fast mode cannot run until you add your key in Settings/),
    });
    expect(modeStatus('fast', { ...DEFAULT_SETTINGS, apiKeys: { gemini: KEY } }, options)).toMatchObject({
      ready: true,
      keySource: 'user',
      text: expect.stringMatching(/gemini-3.5-flash-lite with your Google Gemini key/),
    });
    const serverKey = { ...options, providers: options.providers.map((p) => ({ ...p, serverKey: p.id === 'gemini' })) };
    expect(modeStatus('balanced', DEFAULT_SETTINGS, serverKey)).toMatchObject({ ready: true, keySource: 'server' });
    expect(modeStatus('deep', DEFAULT_SETTINGS, options)).toMatchObject({ ready: true, text: expect.stringMatching(/recorded sessions.*no API key needed/) });
    const gone = { ...DEFAULT_SETTINGS, models: { fast: { provider: 'openai-compatible' as const, model: 'm' } } };
    expect(modeStatus('fast', gone, options)).toMatchObject({ ready: false, text: expect.stringMatching(/not offered by this server/) });
  });
});
