import type { ImportProblemCode } from './model';

/** Thrown while reading one row; the reader catches it and records the row's line and why. */
export class RowProblem extends Error {
  constructor(
    readonly code: ImportProblemCode,
    message: string,
  ) {
    super(message);
  }
}

export function fail(code: ImportProblemCode, message: string): never {
  throw new RowProblem(code, message);
}
