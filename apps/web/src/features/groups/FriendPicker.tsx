import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend } from '../../lib/api-types';
import { CheckIcon, PlusIcon } from '../../ui/icons';

interface FriendPickerProps {
  friends: readonly Friend[];
  /** Account ids already among the new group's members. */
  added: ReadonlySet<string>;
  onPick(friend: Friend): void;
}

/** The new-group form's friends: one tap adds a friend as a member (they confirm the seat). */
export function FriendPicker({ friends, added, onPick }: FriendPickerProps) {
  const { t } = useTranslation('groups');
  const id = useId();
  if (friends.length === 0) return null;
  return (
    <div className="friend-picker">
      <h3 className="friend-picker-title" id={`${id}-title`}>
        {t('fromFriends')}
      </h3>
      <ul className="friend-picker-list" aria-labelledby={`${id}-title`}>
        {friends.map((friend) => {
          const isAdded = added.has(friend.id);
          return (
            <li key={friend.id}>
              <button
                type="button"
                className="friend-chip"
                disabled={isAdded}
                aria-label={
                  isAdded ? t('friendAdded', { name: friend.name }) : t('addFriend', { name: friend.name })
                }
                onClick={() => onPick(friend)}
              >
                {isAdded ? <CheckIcon size={14} /> : <PlusIcon size={14} />}
                <span>{friend.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
