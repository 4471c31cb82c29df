/** The installed app's update, and the writes queued while offline (issue 27). */
export const offline = {
  updateReady: 'A new version of Dolya is out',
  updateReload: 'Update',
  queuedToast: 'Offline: the expense is kept on this device and will be sent when you are back online',
  queuedPaymentToast: 'Offline: the payment is kept on this device and will be sent when you are back online',
  waiting: 'Waiting to send',
  refused: 'Not saved: {{reason}}',
  editOf: 'Change: {{name}}',
  deleteOf: 'Deletion: {{name}}',
  queuedDeleteToast: 'Offline: the expense will be deleted when you are back online',
  payment: 'Payment',
  paymentOf: 'Payment: {{from}} → {{to}}',
  fixPaymentTitle: 'Fix the payment',
  fix: 'Fix',
  discard: 'Discard',
  discardLabel: 'Discard the unsent entry: {{name}}',
  discarded: 'The unsent entry was discarded',
  fixNotice: 'A change made offline was not saved: {{reason}}. It is filled in below: check it and save.',
  reasonConflict: 'the expense was changed or deleted meanwhile',
  reasonMember: 'someone in it is no longer in the group',
  reasonAccess: 'you no longer have access to the group',
  reasonInvalid: 'the server did not accept it',
  reasonOther: 'the server refused it',
  // A screen never opened on this device, opened offline: nothing kept to show
  notKeptTitle: 'No connection',
  notKeptGroup:
    'This group has not been opened on this device yet, so there is nothing to show without a connection. It will open by itself once you are back online.',
  notKeptExpense:
    'This expense has not been opened on this device yet, so there is nothing to show without a connection. It will open by itself once you are back online.',
};
