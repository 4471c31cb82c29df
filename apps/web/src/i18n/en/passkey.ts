export const passkey = {
  // /login
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for the passkey…',
  signedIn: 'Signed in with a passkey',
  signInFailed: 'Passkey sign-in failed',

  // The passkey-name dialog (a new account when sign-in finds no passkey)
  nameTitle: 'Create a passkey',
  nameMessage:
    'There is no Dolya passkey on this device. Choose a name: we will create an account you sign in to with a passkey, and the name becomes your username.',
  nameLabel: 'Name',
  nameHint: '3 to 32 Latin letters, digits, dots or underscores',
  enterName: 'Enter name',
  nameInvalid: 'Use 3 to 32 Latin letters, digits, dots or underscores',
  nameTaken: 'This username is taken',
  cancel: 'Cancel',
  continue: 'Continue',
  creating: 'Creating…',
  created: 'Passkey created',
  createFailed: 'Could not create the passkey',

  // The passkey line on /account
  title: 'Passkey',
  notLinked: 'Not linked',
  linkedSingle: 'Linked',
  linkedCount: '{{count}} passkeys linked',
  retry: 'Retry',
  statusFailed: 'Could not check the passkey status',
  link: 'Link',
  linkLabel: 'Link a passkey',
  linking: 'Linking…',
  linked: 'Passkey linked',
  alreadyLinked: 'Passkey already linked',
  linkFailed: 'Could not link the passkey',
  unlink: 'Unlink',
  unlinkLabel: 'Unlink passkey',
  unlinkTitle: 'Unlink passkey?',
  unlinkText:
    'All passkeys will be removed from your account, and you will not be able to sign in with them until you link a passkey again.',
  unlinked: 'Passkey unlinked',
  unlinkFailed: 'Could not unlink account/passkey',
  lastMethod: 'Cannot unlink the last account. Add another sign-in method first.',
};
