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
  shareOf: 'Share: {{name}}',
  decreaseShare: 'Decrease share: {{name}}',
  increaseShare: 'Increase share: {{name}}',

  // The error screen and the offline banner
  errorTitle: 'Something went wrong',
  errorText: 'This screen did not open. Please try again.',
  errorOffline: 'You are offline: the screen opens once the connection is back.',
  retry: 'Try again',
  offline: 'Offline: showing what was already loaded',

  // Header and user menu
  home: 'Dolya — home',
  notifications: 'Notifications',
  userMenu: 'User menu',
  account: 'Account',
  language: 'Language',
  theme: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
  support: 'Support',
  signOut: 'Sign out',
  signedOut: 'You have signed out',

  // Pull-to-refresh
  pullToRefresh: 'Pull to refresh',
  releaseToRefresh: 'Release to refresh',
  refreshing: 'Refreshing…',

  // The header's way into the bot (spec §1, §2)
  openBot: 'Open the bot',
  openBotLabel: 'Open Dolya’s bot in Telegram',

  // Carousel (the AI dialog)
  slideOf: 'Slide {{current}} of {{total}}',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
};
