import '../features/groups/groups.css';

/** A name's first letter in a circle: the rows of members, friends and groups. */
export function MemberAvatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
