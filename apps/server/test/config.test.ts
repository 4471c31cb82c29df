import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('configuration from the environment', () => {
  it('has working defaults: embedded database, port 3000, demo seed', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      seedDemo: true,
      cookieSecure: false,
      cookieSameSite: 'lax',
    });
  });

  it('derives the public URL from PORT unless PUBLIC_URL is given', () => {
    expect(loadConfig({ PORT: '3200' }).publicUrl).toBe('http://localhost:3200');
    const https = loadConfig({ PORT: '3200', PUBLIC_URL: 'https://dolya.example/app' });
    expect(https.publicUrl).toBe('https://dolya.example');
    expect(https.cookieSecure).toBe(true);
  });

  it('treats an empty DATABASE_URL as unset, as .env.example leaves it', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('fails fast naming the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});
