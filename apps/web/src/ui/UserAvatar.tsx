/** The first letter of the name for the avatar; '?' for a blank name. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** The signed-in user's letter in a circle: the header's menu button and the profile form. */
export function Avatar({ name, large }: { name: string; large?: boolean }) {
  return (
    <span className={large ? 'avatar avatar-lg' : 'avatar'} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
