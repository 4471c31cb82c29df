export const expense = {
  // Titles (/group/{groupId}/new-expense, /group/{groupId}/expense/{expenseId})
  newTitle: 'New expense',
  editTitle: 'Edit expense',
  settlementTitle: 'Settlement payment',
  /** The name a settlement is saved with (spec §4). */
  settlementName: 'Settlement payment',

  // Fields
  name: 'Name',
  namePlaceholder: 'For example, dinner at a café',
  amount: 'Amount',
  payer: 'Paid by',
  recipient: 'To',
  chooseMember: 'Choose a member',
  memberYou: '{{name}} (you)',
  memberRemoved: '{{name}} (removed)',
  required: 'Required',
  amountRequired: 'Enter an amount above zero',
  recipientRequired: 'Choose the recipient',
  date: 'Date',
  dateChip: 'Date: {{date}}',
  notes: 'Notes',
  notesPlaceholder: 'For example, what the receipt covers',
  addNotes: 'Notes',

  // Split
  splitTitle: 'How to split',
  splitMode: 'Split mode',
  modeShares: 'Shares',
  modeAmounts: 'Amounts',
  modePercentages: '%',
  helpSharesLabel: 'Help: shares',
  helpAmountsLabel: 'Help: amounts',
  helpPercentagesLabel: 'Help: percentages',
  helpShares:
    'Shares set proportions. A member with share 2 pays twice as much as a member with share 1. Share 0 means not taking part.',
  helpAmounts:
    'Enter how much falls to each member. Together they should make up the whole amount. An amount of 0 means not taking part.',
  helpPercentages:
    'Enter each member’s part as a percentage of the amount, from 0 to 100. Together they should make 100%. 0% means not taking part.',
  clear: 'Clear',
  clearLabel: 'Clear the values',
  shareOf: 'Share: {{name}}',
  decreaseShare: 'Decrease share: {{name}}',
  increaseShare: 'Increase share: {{name}}',
  amountOf: 'Amount: {{name}}',
  percentOf: 'Percent: {{name}}',
  resultOf: 'Falls to the member',
  totalShares: 'Total shares: {{count}}',
  allocated: 'Allocated {{allocated}} of {{amount}}',
  left: '{{amount}} left',
  over: '{{amount}} too much',
  percentTotal: 'Total {{total}} of {{full}}',
  notAllocated: 'Attention: not fully allocated',
  settlementSplit: 'The whole payment goes to the recipient',
  recipientGets: 'Receives',

  // Actions
  submit: 'Add',
  save: 'Save',
  deleteLabel: 'Delete expense',
  deleteTitle: 'Delete expense?',
  deleteText: '“{{name}}” will be deleted and the debts recalculated. This cannot be undone.',
  deleteSettlementText: 'This payment will be deleted and the debts recalculated. This cannot be undone.',
  deleteConfirm: 'Delete',

  // Toasts (spec §8)
  saved: 'Expense saved',
  saveFailed: 'Could not save the expense',
  updated: 'Expense updated',
  updateFailed: 'Could not update the expense',
  deleted: 'Expense deleted',
  deleteFailed: 'Could not delete the expense',
  /** ?draft=<id> names a bot draft that is missing, closed or of another group. */
  draftUnavailable: 'The bot’s draft was not found or is closed — fill in the expense anew',
  /** Saving found the bot draft closed meanwhile (saved in the bot, say); nothing was added. */
  draftClosed:
    'The bot’s draft was already saved, cancelled or has expired. Check the group’s expenses before adding it again',

  // States
  notFound: 'Expense not found',
  notFoundText: 'It may have been deleted already.',
  backToGroup: 'Back to the group',
  groupNotFound: 'Group not found',
  groupNotFoundText: 'It may have been deleted, or you no longer have access.',
  backToGroups: 'Back to groups',
};
