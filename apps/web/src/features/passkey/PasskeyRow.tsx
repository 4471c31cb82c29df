/** The passkey line of the linked-accounts section on /account (link, status, unlink). */
export function PasskeyRow() {
  return null;
}
