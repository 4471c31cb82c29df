import { useCallback, useState } from 'react';

/**
 * A key for one attempt at a create (groups.create, expenses.create, members.add): the server
 * answers a repeated key with the first result, so a double click or a retried request never
 * writes twice. The key lives as long as the form; `renew` starts a new attempt after a success
 * when the form stays open for another one.
 */
export function useIdempotencyKey(): { key: string; renew(): void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}

/** 128 random bits as hex; getRandomValues works outside secure contexts too (unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
