import { z } from 'zod';

export interface ModelConfig {
  apiKey: string;
  /** Any OpenAI-compatible server; the OpenAI API when absent. */
  baseURL?: string;
  model: string;
  timeoutMs: number;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const DEFAULT_TIMEOUT_MS = 8000;

const environmentSchema = z.object({
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
});

/**
 * The model settings from the environment, or null without OPENAI_API_KEY (rules only).
 * A malformed variable throws, naming it.
 */
export function modelConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): ModelConfig | null {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0])}: ${issue?.message}`);
  }
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, LLM_TIMEOUT_MS } = parsed.data;
  if (!OPENAI_API_KEY) return null;
  return {
    apiKey: OPENAI_API_KEY,
    ...(OPENAI_BASE_URL ? { baseURL: OPENAI_BASE_URL } : {}),
    model: OPENAI_MODEL ?? DEFAULT_MODEL,
    timeoutMs: LLM_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS,
  };
}
