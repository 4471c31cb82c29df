import { appRouter } from '@dolya/api';
import { z } from 'zod';

type Procedures = Record<string, { _def: { inputs: unknown[] } }>;

/**
 * The zod input of a tRPC procedure, as the REST body it reads: keys the route fills from the
 * path or a header are left out. The procedure's own parser is the one documented, so the document
 * cannot drift from what is validated. (tRPC keeps `.input()` parsers in `_def.inputs`;
 * `idempotentProcedure` adds its own `{ idempotencyKey }` one first, read from a header here.)
 */
export function procedureBody(path: string, fromPath: string[] = []): z.ZodType {
  const procedure = (appRouter._def.procedures as unknown as Procedures)[path];
  if (!procedure) throw new Error(`No procedure ${path}`);
  const inputs = procedure._def.inputs.filter((input) => !isIdempotencyKey(input));
  if (inputs.length !== 1) throw new Error(`${path}: expected one input, found ${inputs.length}`);
  const input = inputs[0] as z.ZodType;
  const omitted = [...fromPath, 'idempotencyKey'];
  if (input instanceof z.ZodObject && omitted.some((key) => key in input.shape)) {
    const mask = Object.fromEntries(omitted.filter((key) => key in input.shape).map((key) => [key, true]));
    return input.omit(mask as Record<string, true> & Record<number, never>);
  }
  return input;
}

function isIdempotencyKey(input: unknown): boolean {
  return input instanceof z.ZodObject && Object.keys(input.shape).join() === 'idempotencyKey';
}
