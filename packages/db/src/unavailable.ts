/**
 * The database could not take the work: the pool stayed full past its wait, or the request that
 * wanted it has ended (its client left or its deadline passed). A temporary condition: the API
 * answers 503 SERVICE_UNAVAILABLE with Retry-After.
 */
export class DatabaseUnavailableError extends Error {
  readonly reason: 'busy' | 'ended';

  constructor(reason: 'busy' | 'ended', message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
    this.reason = reason;
  }
}

export function requestEnded(): DatabaseUnavailableError {
  return new DatabaseUnavailableError('ended', 'The request ended before its database work was done');
}
