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
  /** A debt paid back («Оля вернула мне 350»): who gave the money back to whom, as written. */
  repayment: z.object({ from: z.string(), to: z.string().nullable() }).nullable(),
  /** Several people paid, each their part («Паша 700 и я 300 за продукты»). */
  payers: z.array(z.object({ name: z.string(), amount: z.string().nullable() })),
  /** Whom a gift is for («цветы Свете»): they do not share unless listed among the participants. */
  giftFor: z.array(z.string()),
  /** Issue 28: how often the expense repeats («каждый месяц»: every 1 month); null when it does not. */
  repeat: z.object({ every: z.number(), unit: z.enum(['day', 'week', 'month', 'year']) }).nullable(),
});

export type ModelAnswer = z.infer<typeof modelAnswerSchema>;
