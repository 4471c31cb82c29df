import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, DEFAULT_TIMEOUT_MS, modelConfigFromEnv } from '../src/parse/model/config';

describe('model settings from the environment', () => {
  it('means rules only without OPENAI_API_KEY', () => {
    expect(modelConfigFromEnv({})).toBeNull();
    expect(modelConfigFromEnv({ OPENAI_API_KEY: '', OPENAI_MODEL: 'x' })).toBeNull();
  });

  it('fills the model and the timeout by default', () => {
    expect(modelConfigFromEnv({ OPENAI_API_KEY: 'k' })).toEqual({
      apiKey: 'k',
      model: DEFAULT_MODEL,
      timeoutMs: DEFAULT_TIMEOUT_MS,
    });
    expect(DEFAULT_TIMEOUT_MS).toBe(8000);
  });

  it('reads every variable', () => {
    expect(
      modelConfigFromEnv({
        OPENAI_API_KEY: 'k',
        OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
        OPENAI_MODEL: 'qwen2.5',
        LLM_TIMEOUT_MS: '2500',
      }),
    ).toEqual({ apiKey: 'k', baseURL: 'http://127.0.0.1:8080/v1', model: 'qwen2.5', timeoutMs: 2500 });
  });

  it('names a malformed variable', () => {
    expect(() => modelConfigFromEnv({ OPENAI_API_KEY: 'k', LLM_TIMEOUT_MS: '-1' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => modelConfigFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'not a url' })).toThrow(
      /OPENAI_BASE_URL/,
    );
  });
});
