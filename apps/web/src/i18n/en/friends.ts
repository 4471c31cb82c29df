export const friends = {
  // /account friends section (spec §2, §5, §8)
  title: 'Friends',
  help: 'Friends can be added to your groups in one tap',
  helpLabel: 'About friends',
  usernameLabel: 'Friend’s username',
  usernamePlaceholder: 'username',
  add: 'Add',
  usernameRequired: 'Username required',
  notFound: 'User not found by username',
  genericError: 'An error occurred. Please try again.',
  addFailed: 'Could not add friend',
  added: 'Friend added',
  removed: 'Friend removed',
  removeFailed: 'An error occurred. Please try again.',
  remove: 'Remove {{name}} from friends',
  empty: 'No friends yet',

  // Settings: add from friends, row actions (spec §2)
  fromFriends: 'From friends',
  noFriends: 'No friends yet. Add them on the account page.',
  addToGroup: 'Add {{name}} to the group',
  alreadyInGroup: 'already in group',
  memberAdded: '{{name}} added to the group',
  memberAddFailed: 'Could not add the member',
  blockedByUser: 'This user has restricted being added to groups',
  addToFriends: 'Add to friends',
  alreadyFriends: 'Already friends',
};
