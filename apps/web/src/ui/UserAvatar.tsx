import styles from './UserAvatar.module.css';

/** The first letter of the name for the avatar; '?' for a blank name. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/**
 * The signed-in user's letter in a circle: the header's menu button and the profile form. A screen
 * that sizes or decorates it otherwise passes a class of its own stylesheet.
 */
export function Avatar({ name, large, className }: { name: string; large?: boolean; className?: string }) {
  const classes = [styles.avatar, large ? styles.large : null, className].filter(Boolean).join(' ');
  return (
    <span className={classes} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
