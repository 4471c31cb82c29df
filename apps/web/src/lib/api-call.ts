import { useState } from 'react';
import type { ApiErrorData } from './api-error';
import type { RouterInputs, RouterOutputs } from './api-types';
import { rememberSession, sessionHeaders } from './session-token';

type Area = keyof RouterInputs & string;
/** A procedure of the API as tRPC names it in the URL: 'auth.login'. */
export type ProcedurePath = { [A in Area]: `${A}.${keyof RouterInputs[A] & string}` }[Area];
type Parts<P> = P extends `${infer A extends Area}.${infer N}` ? [A, N] : never;
export type ProcedureInput<P extends ProcedurePath> =
  Parts<P> extends [infer A extends Area, infer N]
    ? N extends keyof RouterInputs[A]
      ? RouterInputs[A][N]
      : never
    : never;
export type ProcedureOutput<P extends ProcedurePath> =
  Parts<P> extends [infer A extends Area, infer N]
    ? A extends keyof RouterOutputs
      ? N extends keyof RouterOutputs[A]
        ? RouterOutputs[A][N]
        : never
      : never
    : never;

/** A failed call, with the API's error data where the server answered (errorCode reads it). */
export class ApiError extends Error {
  readonly data: ApiErrorData | undefined;
  constructor(message: string, data: ApiErrorData | undefined) {
    super(message);
    this.name = 'ApiError';
    this.data = data;
  }
}

type Answer<T> = { result?: { data: T }; error?: { message?: string; data?: ApiErrorData } } | null;

/**
 * One call of a procedure over tRPC's plain HTTP form (no batching, no transformer): a query is a
 * GET, a mutation a POST of its JSON input. The sign-in pages and the landing use this instead of
 * the tRPC client and react-query, which are about 20 kB gzipped they would load before their
 * first screen (issue 14); the types are the router's, as with the client.
 */
export async function callApi<P extends ProcedurePath>(
  path: P,
  input?: ProcedureInput<P>,
  method: 'query' | 'mutation' = 'mutation',
): Promise<ProcedureOutput<P>> {
  const query =
    method === 'query' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
  const post = method === 'mutation';
  const response = await fetch(`/trpc/${path}${query}`, {
    method: post ? 'POST' : 'GET',
    credentials: 'include',
    // A mutation is JSON even without input: tRPC and the request guard refuse any other type.
    headers: { ...sessionHeaders(), ...(post ? { 'content-type': 'application/json' } : {}) },
    ...(post && input !== undefined ? { body: JSON.stringify(input) } : {}),
  });
  rememberSession(response);
  const body = (await response.json().catch(() => null)) as Answer<ProcedureOutput<P>>;
  if (response.ok && body?.result) return body.result.data;
  throw new ApiError(body?.error?.message ?? `HTTP ${response.status}`, body?.error?.data);
}

/** A mutation for a component: `mutateAsync` and `isPending`, as react-query's useMutation has them. */
export function useApiMutation<P extends ProcedurePath>(path: P) {
  const [isPending, setPending] = useState(false);
  async function mutateAsync(input: ProcedureInput<P>): Promise<ProcedureOutput<P>> {
    setPending(true);
    try {
      return await callApi(path, input);
    } finally {
      setPending(false);
    }
  }
  return { mutateAsync, isPending };
}
