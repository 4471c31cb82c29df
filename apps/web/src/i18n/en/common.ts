export const common = {
  appName: 'Dolya',
  loading: 'Loading…',
  back: 'Back',
  cancel: 'Cancel',
  confirm: 'Confirm',
  save: 'Save',
  delete: 'Delete',
  add: 'Add',
  close: 'Close',
  help: 'Help',
  genericError: 'An error occurred. Please try again.',
  you: 'you',
};
