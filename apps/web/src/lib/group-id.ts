const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A group id the API can accept; anything else is simply a group that does not exist. */
export function isGroupId(value: string): boolean {
  return GUID.test(value);
}
