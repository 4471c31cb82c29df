import { describe, expect, it } from 'vitest';
import { loadBotConfig } from '../src/config';

const REQUIRED = {
  TELEGRAM_BOT_TOKEN: '123456:ABC-def_ghi',
  BOT_API_SECRET: 'a-bot-secret-of-at-least-32-characters!',
};

describe('the bot configuration', () => {
  it('fills the defaults', () => {
    expect(loadBotConfig(REQUIRED)).toEqual({
      token: REQUIRED.TELEGRAM_BOT_TOKEN,
      username: undefined,
      apiRoot: 'https://api.telegram.org',
      apiUrl: 'http://localhost:3000',
      apiSecret: REQUIRED.BOT_API_SECRET,
      publicUrl: 'http://localhost:3000',
      miniAppShortName: undefined,
      webhook: undefined,
      model: null,
      transcribe: null,
      metrics: undefined,
    });
  });

  it('serves metrics on BOT_METRICS_PORT when set, on BOT_METRICS_HOST (default all addresses)', () => {
    expect(loadBotConfig({ ...REQUIRED, BOT_METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(
      loadBotConfig({ ...REQUIRED, BOT_METRICS_PORT: '9464', BOT_METRICS_HOST: '127.0.0.1' }).metrics,
    ).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadBotConfig({ ...REQUIRED, BOT_METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(() => loadBotConfig({ ...REQUIRED, BOT_METRICS_PORT: '99999' })).toThrow(
      /BOT_METRICS_PORT: a port number/,
    );
  });

  it('reads every variable, empty ones as unset', () => {
    const config = loadBotConfig({
      ...REQUIRED,
      TELEGRAM_BOT_USERNAME: '@dolya_bot',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
      BOT_API_URL: 'http://server:3000/',
      BOT_WEBHOOK_URL: 'https://bot.example.com/telegram',
      BOT_WEBHOOK_SECRET: 'webhook-secret-123',
      BOT_WEBHOOK_PORT: '9000',
      PUBLIC_URL: 'https://dolya.example.com/',
      TELEGRAM_MINIAPP_SHORT_NAME: 'app',
      OPENAI_API_KEY: 'key',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL: '',
      LLM_TIMEOUT_MS: '3000',
    });
    expect(config).toEqual({
      token: REQUIRED.TELEGRAM_BOT_TOKEN,
      username: 'dolya_bot',
      apiRoot: 'http://127.0.0.1:8081',
      apiUrl: 'http://server:3000',
      apiSecret: REQUIRED.BOT_API_SECRET,
      publicUrl: 'https://dolya.example.com',
      miniAppShortName: 'app',
      webhook: {
        url: 'https://bot.example.com/telegram',
        secret: 'webhook-secret-123',
        port: 9000,
        host: '0.0.0.0',
      },
      model: { apiKey: 'key', baseURL: 'http://127.0.0.1:11434/v1', model: 'gpt-4o-mini', timeoutMs: 3000 },
      transcribe: null,
    });
  });

  it('hears voice messages with OPENAI_TRANSCRIBE_MODEL, through the model’s endpoint, key and timeout', () => {
    const config = loadBotConfig({
      ...REQUIRED,
      OPENAI_API_KEY: 'key',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_TRANSCRIBE_MODEL: ' whisper-1 ',
      LLM_TIMEOUT_MS: '3000',
    });
    expect(config.transcribe).toEqual({
      apiKey: 'key',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'whisper-1',
      timeoutMs: 3000,
    });
    expect(
      loadBotConfig({ ...REQUIRED, OPENAI_API_KEY: 'key', OPENAI_TRANSCRIBE_MODEL: '' }).transcribe,
    ).toBeNull();
    expect(() => loadBotConfig({ ...REQUIRED, OPENAI_TRANSCRIBE_MODEL: 'whisper-1' })).toThrow(
      /OPENAI_TRANSCRIBE_MODEL: needs OPENAI_API_KEY/,
    );
  });

  it.each([
    [{ TELEGRAM_BOT_TOKEN: '' }, 'TELEGRAM_BOT_TOKEN'],
    [{ TELEGRAM_BOT_TOKEN: 'not a token' }, 'TELEGRAM_BOT_TOKEN: not a bot token'],
    [{ BOT_API_SECRET: undefined }, 'BOT_API_SECRET'],
    [{ BOT_API_SECRET: 'short' }, 'BOT_API_SECRET: use at least 32 characters'],
    [{ BOT_API_URL: 'localhost:3000' }, 'BOT_API_URL'],
    [
      { BOT_WEBHOOK_URL: 'https://bot.example.com/hook' },
      'BOT_WEBHOOK_SECRET: required with BOT_WEBHOOK_URL',
    ],
    [
      { BOT_WEBHOOK_URL: 'http://bot.example.com/hook', BOT_WEBHOOK_SECRET: 'x'.repeat(20) },
      'BOT_WEBHOOK_URL',
    ],
    [{ BOT_WEBHOOK_PORT: 'eighty' }, 'BOT_WEBHOOK_PORT'],
    [{ BOT_WEBHOOK_PORT: '70000' }, 'BOT_WEBHOOK_PORT'],
    [{ LLM_TIMEOUT_MS: 'soon' }, 'LLM_TIMEOUT_MS'],
  ])('fails fast on %j, naming the variable', (change, named) => {
    expect(() => loadBotConfig({ ...REQUIRED, ...change })).toThrow(named);
  });
});
