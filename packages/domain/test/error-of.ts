import { DomainError } from '../src/index';

/** The DomainError a call throws; fails the test when it throws nothing or something else. */
export function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}
