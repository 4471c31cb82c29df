export const telegram = {
  // Toasts (spec §8)
  signedIn: 'Signed in with Telegram',
  signInFailed: 'Telegram sign-in failed',
  registered: 'Signed up with Telegram',
  registerFailed: 'Could not sign up with Telegram',
  linked: 'Telegram linked',
  linkFailed: 'Failed to link external account',
  alreadyLinked: 'This external account is already linked to another user',
  notLinked: 'This Telegram account is not linked. Sign in on the website and link it first.',
  noMiniAppData: 'No Telegram mini app data',
  noWidgetData: 'Telegram sent no user data',
  unexpected: 'Unexpected error. Please try again.',

  // /login in a browser
  signInWithTelegram: 'Sign in with Telegram',

  // /telegram-login
  loginTitle: 'Sign in with Telegram',
  linkTitle: 'Link Telegram',
  loginText: 'Press the button below and confirm the sign-in in Telegram.',
  linkText: 'Press the button below and confirm in Telegram to link it to your account.',
  widgetUnavailable: 'The Telegram widget could not be loaded. Check your internet connection.',
  retry: 'Try again',
  disabled: 'Telegram sign-in is not set up on this server.',
  otherMethods: 'Other ways to sign in',
  backToAccount: 'Back to account',
  signInThis: 'Sign in with this Telegram',
  linkThis: 'Link this Telegram',

  // Inside the mini app
  signingIn: 'Signing in with Telegram…',
  notLinkedTitle: 'Telegram is not linked yet',
  notLinkedText:
    'Create a new account with Telegram, or sign in in your browser and link Telegram on your account page.',
  failedTitle: 'Could not sign in with Telegram',
  register: 'Sign up with Telegram',
  openInBrowser: 'Open sign-in in browser',
  registerConfirmTitle: 'Create an account with Telegram?',
  registerConfirmText:
    'We will create a new Dolya account for your Telegram. If you already have an account, sign in in your browser instead and link Telegram on your account page.',
  registerConfirm: 'Create account',

  // Ways into the bot (spec §1, §2)
  aiButton: 'AI',
  aiButtonLabel: 'AI: add an expense as text through the bot',
  aiCarouselLabel: 'Expenses as text through the bot',
  aiTitle: 'Expenses in one line',
  aiText:
    'Tell the bot in Telegram what you bought, how much you paid and who shares it. The AI assistant works out the amount, the payer and the participants, and you save the expense with one tap.',
  aiExampleLabel: 'For example',
  aiExample: 'pizza 36 me, Anna, Bob',
  aiExampleResult: '“Pizza” for 36: you paid, shared equally with Anna and Bob.',

  // Links into the mini app (startapp)
  draftNotFound: 'Draft not found',
};
