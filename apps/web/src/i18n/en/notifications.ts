export const notifications = {
  bell: 'Notifications',
  bellWithCount_one: 'Notifications: {{count}} new',
  bellWithCount_other: 'Notifications: {{count}} new',
  title: 'Notifications',
  close: 'Close notifications',
  empty: 'No new notifications',
  loading: 'Loading notifications…',
  invite: '{{senderName}} invites you to “{{groupName}}”',
  inviteUnknownSender: 'You are invited to “{{groupName}}”',
  accept: 'Accept',
  decline: 'Decline',
  block: 'Block sender',
  blockTitle: 'Block the sender?',
  blockText:
    '{{senderName}} will no longer be able to add you to groups. The invitation to “{{groupName}}” will be declined.',
  blockConfirm: 'Block',
  accepted: 'You joined “{{groupName}}”',
} as const;
