export type DomainErrorCode =
  | 'INVALID_AMOUNT'
  | 'INVALID_SPLIT'
  | 'UNBALANCED'
  | 'INVALID_MEMBER'
  | 'INVALID_RATE'
  | 'INVALID_RECURRENCE';

/** A broken business rule; `field` names the input that is wrong, when there is one. */
export class DomainError extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    message: string,
    public readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
