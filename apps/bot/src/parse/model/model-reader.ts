import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ParseContext } from '../context';
import { type ModelAnswer, modelAnswerSchema } from './answer-schema';
import type { ModelConfig } from './config';
import { systemPrompt } from './prompt';

/** One model call for one message; throws on any failure (HTTP, timeout, not JSON, wrong shape). */
export type ModelReader = (context: ParseContext) => Promise<ModelAnswer>;

export function createModelReader(config: ModelConfig): ModelReader {
  // No retries: a message waits for one attempt within the timeout, then the rules answer.
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: config.timeoutMs,
    maxRetries: 0,
  });
  return async (context) => {
    const completion = await client.chat.completions.parse({
      model: config.model,
      messages: [
        { role: 'system', content: systemPrompt(context) },
        { role: 'user', content: context.text },
      ],
      response_format: zodResponseFormat(modelAnswerSchema, 'expense'),
    });
    const message = completion.choices[0]?.message;
    if (!message || message.refusal)
      throw new Error(`The model gave no answer: ${message?.refusal ?? 'no choice'}`);
    // parse() already validated the content; the schema is applied again so nothing unchecked gets through.
    return modelAnswerSchema.parse(message.parsed);
  };
}
