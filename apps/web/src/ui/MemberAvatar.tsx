import { Avatar } from './UserAvatar';

/**
 * A member's, friend's or group's letter: the rows of members, friends and groups; `tile` is the
 * larger rounded square of a group on the home list. The global class `avatar` lets the seat
 * list's stylesheet shrink it on phones (members-list.css, which ui/member-row.ts brings).
 */
export function MemberAvatar({ name, tile = false }: { name: string; tile?: boolean }) {
  return <Avatar name={name} size={tile ? 'tile' : 'row'} className="avatar" />;
}
