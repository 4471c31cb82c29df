import { z } from 'zod';

/**
 * Exactly what the model must return, every field present (strict structured output: nullable,
 * never optional). Names and amounts stay as written; our code reads them.
 */
export const modelAnswerSchema = z.object({
  isExpense: z.boolean(),
  description: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  payer: z.string().nullable(),
  participants: z.array(z.string()),
  splits: z.array(z.object({ name: z.string(), amount: z.string() })),
});

export type ModelAnswer = z.infer<typeof modelAnswerSchema>;
