import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupMember } from '../../lib/api-types';
import { useFriends } from '../../lib/friends';
import { toast } from '../../lib/toast';
import { errorCode, trpc } from '../../lib/trpc';
import { PlusIcon, UserPlusIcon } from '../../ui/icons';
import { MemberAvatar } from '../../ui/MemberAvatar';
import { isInGroup } from './model';
import './friends.css';
import { useIdempotencyKey } from '../../lib/idempotency';

interface GroupFriendsProps {
  groupId: string;
  members: readonly Pick<GroupMember, 'username' | 'membershipStatus'>[];
}

/**
 * Settings, admin Add area (spec §2): a collapsible list of the admin's friends (max height 10rem,
 * scrolling), each with an add button; a friend already in the group is disabled with a badge.
 */
export function GroupFriends({ groupId, members }: GroupFriendsProps) {
  const { t } = useTranslation('friends');
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(true);
  const { friends } = useFriends();
  // One attempt per friend: a second click on the same friend repeats the same key.
  const attempt = useIdempotencyKey();
  const add = useMutation(
    trpc.members.add.mutationOptions({
      onSuccess: (_data, input) => toast.success(t('memberAdded', { name: input.name })),
      onError: (error) =>
        toast.error(errorCode(error) === 'BLOCKED_BY_USER' ? t('blockedByUser') : t('memberAddFailed')),
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries(trpc.groups.get.queryFilter({ groupId })),
          queryClient.invalidateQueries(trpc.groups.list.queryFilter()),
          queryClient.invalidateQueries(trpc.balances.get.queryFilter({ groupId })),
          queryClient.invalidateQueries(trpc.logs.list.queryFilter({ groupId })),
        ]),
    }),
  );

  return (
    <div className="group-friends">
      <button
        type="button"
        className="btn btn-ghost group-friends-toggle"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((v) => !v)}
      >
        <UserPlusIcon size={16} />
        {t('fromFriends')}
        <span className={open ? 'group-friends-chevron open' : 'group-friends-chevron'} aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={`${id}-list`} hidden={!open}>
        {friends.length === 0 ? (
          <p className="muted group-friends-empty">{t('noFriends')}</p>
        ) : (
          <ul className="list group-friends-list" aria-label={t('fromFriends')}>
            {friends.map((friend) => {
              const inGroup = isInGroup(friend, members);
              const busy = add.isPending && add.variables?.username === friend.username;
              return (
                <li className="friends-row" key={friend.id}>
                  <MemberAvatar name={friend.name} />
                  <span className="friends-who">
                    <span className="friends-name">{friend.name}</span>
                    <span className="group-friends-sub">
                      {friend.username ? (
                        <span className="muted friends-username">@{friend.username}</span>
                      ) : null}
                      {inGroup ? (
                        <span className="badge group-friends-badge">{t('alreadyInGroup')}</span>
                      ) : null}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="icon-btn group-friends-add"
                    aria-label={t('addToGroup', { name: friend.name })}
                    disabled={inGroup || busy || !friend.username}
                    onClick={() =>
                      add.mutate({
                        groupId,
                        name: friend.name,
                        username: friend.username,
                        isAdmin: false,
                        idempotencyKey: `${attempt.key}-${friend.id}`,
                      })
                    }
                  >
                    <PlusIcon size={18} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
