import './members-list.css';

/**
 * A name's first letter in a circle: the rows of members, friends and groups; `tile` is the larger
 * rounded square of a group on the home list.
 */
export function MemberAvatar({ name, tile = false }: { name: string; tile?: boolean }) {
  return (
    <span className={tile ? 'avatar avatar-tile' : 'avatar'} aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
