import type { ModelConfig } from '../parse';

export interface TranscribeConfig {
  apiKey: string;
  /** The same OpenAI-compatible server the reading model uses; the OpenAI API when absent. */
  baseURL?: string;
  /** OPENAI_TRANSCRIBE_MODEL, e.g. whisper-1 or gpt-4o-mini-transcribe. */
  model: string;
  /** LLM_TIMEOUT_MS: one attempt, then the writer is told it failed. */
  timeoutMs: number;
}

/**
 * Voice messages are heard when OPENAI_TRANSCRIBE_MODEL is set, through the endpoint and key of
 * the reading model (OPENAI_BASE_URL, OPENAI_API_KEY) and within its LLM_TIMEOUT_MS. Null
 * without the setting: the bot then says it reads text. The setting without a key throws.
 */
export function transcribeConfigFromEnv(
  env: Record<string, string | undefined>,
  model: ModelConfig | null,
): TranscribeConfig | null {
  const name = env.OPENAI_TRANSCRIBE_MODEL?.trim();
  if (!name) return null;
  if (!model) {
    throw new Error(
      'OPENAI_TRANSCRIBE_MODEL: needs OPENAI_API_KEY (any value for a server that takes no key)',
    );
  }
  return {
    apiKey: model.apiKey,
    ...(model.baseURL ? { baseURL: model.baseURL } : {}),
    model: name,
    timeoutMs: model.timeoutMs,
  };
}
