export const settings = {
  importInto: 'Import from Splitwise or Spliit',

  // Export (issue 29)
  exportTitle: 'Export',
  exportHint:
    'Download the group: a spreadsheet (CSV in Splitwise’s layout: opens in Excel or Google Sheets, imports into Dolya, Spliit and Splitwise-compatible apps) or everything as JSON.',
  exportCsv: 'Download CSV',
  exportJson: 'Download JSON',
  exportPreparing: 'Preparing…',
  exportFailed: 'Could not export the group',

  // /group/{groupId}/settings
  title: 'Group settings',
  save: 'Save',
  saved: 'Group settings saved',
  saveFailed: 'Could not save the group settings',
  groupName: 'Group name',
  currency: 'Base currency',
  currencyAdminsOnly: 'Only admins can change the currency.',

  // Members
  membersTitle: 'Members',
  membersHelp:
    'A default share is a member’s weight when an expense is split by shares. A member with share 2 pays twice as much as one with share 1; share 0 leaves them out of new expenses by default. Shares can still be changed in each expense.',
  share: 'Share',
  shareOf: 'Share: {{name}}',
  you: '(you)',
  admin: 'admin',
  noAccount: 'no account',
  pending: 'pending approval',
  addToggle: 'Add member',
  memberName: 'Member name',
  memberNamePlaceholder: 'For example, Kate',
  memberNameRequired: 'Name required',
  add: 'Add',
  addHint: 'A member without an account can claim their seat later through an invite link.',
  added: '{{name}} added',
  addFailed: 'Could not add the member',

  // Row actions
  actionsFor: 'Actions for {{name}}',
  rename: 'Rename',
  makeAdmin: 'Make admin',
  revokeAdmin: 'Revoke admin rights',
  remove: 'Remove from group',
  cancel: 'Cancel',

  // Confirmations
  renameTitle: 'Rename {{name}}',
  renameConfirm: 'Save',
  makeAdminTitle: 'Make {{name}} an admin?',
  makeAdminText:
    '{{name}} will be able to manage group members: add and remove them, appoint admins, and change the name, currency and shares.',
  makeAdminConfirm: 'Make admin',
  revokeAdminTitle: 'Revoke admin rights?',
  revokeAdminText: '{{name}} will no longer be able to manage the group’s members and settings.',
  revokeAdminSelfText:
    'You will no longer be able to manage the group’s members and settings. Only another admin can give the rights back.',
  revokeAdminConfirm: 'Revoke',
  removeTitle: 'Remove {{name}} from the group?',
  removeText:
    '{{name}} will no longer be in the group. Past expenses stay, with their name in them and in the statistics.',
  removeConfirm: 'Remove',

  // Results
  renamed: 'Member renamed',
  renameFailed: 'Could not rename the member',
  removed: 'Member removed',
  removeFailed: 'Could not remove the member',
  adminGranted: 'Admin rights granted',
  adminGrantFailed: 'Could not grant admin rights',
  adminRevoked: 'Admin rights revoked',
  adminRevokeFailed: 'Could not revoke admin rights',
  lastAdminTitle: 'Can’t revoke admin rights',
  lastAdminText: 'A group must keep at least one administrator. First transfer rights to another member.',
  ok: 'OK',

  // States
  notFound: 'Group not found',
  notFoundText: 'It may have been deleted, or you no longer have access.',
  backToGroups: 'Back to groups',
  loadFailed: 'Could not load the group.',
  retry: 'Retry',
};
