import styles from './UserAvatar.module.css';

/** The first letter of the name for the avatar; '?' for a blank name. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

const SIZES = { small: null, large: styles.large, row: styles.row, tile: styles.tile } as const;

/**
 * A name's first letter in a circle: the signed-in user's in the header (small) and on the profile
 * (large), a member's, friend's or seat's in a list (row; ui/MemberAvatar), and a group's rounded
 * square on the home list (tile). A screen that sizes or decorates it otherwise passes a class of its
 * own stylesheet.
 */
export function Avatar({
  name,
  size = 'small',
  className,
}: {
  name: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const classes = [styles.avatar, SIZES[size], className].filter(Boolean).join(' ');
  return (
    <span className={classes} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
