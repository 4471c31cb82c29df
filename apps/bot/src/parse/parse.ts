import { createContext } from './context';
import type { ModelReader } from './model/model-reader';
import { parseWithModel } from './model/parse-with-model';
import { isReceipt, parseWithRules } from './rules';
import type { ParseRequest, ParseResult } from './types';

export interface ParseOptions {
  /** The model, when one is configured; without it the rules answer alone. */
  model?: ModelReader | null;
  /** Told why the model's answer was not used (the user only sees the rules' answer). */
  onModelFailure?: (error: unknown) => void;
}

/**
 * A message to an expense proposal or "not an expense". With a model: one call, and on any
 * failure the rule-based answer, without the user noticing. Receipt lines always go to the
 * rules, the model's answer having no items.
 */
export async function parseExpense(request: ParseRequest, options: ParseOptions = {}): Promise<ParseResult> {
  const context = createContext(request);
  const model = options.model;
  if (!model || !/[\p{L}\d]/u.test(context.text) || isReceipt(context)) return parseWithRules(context);
  try {
    return await parseWithModel(context, model);
  } catch (error) {
    options.onModelFailure?.(error);
    return parseWithRules(context);
  }
}
