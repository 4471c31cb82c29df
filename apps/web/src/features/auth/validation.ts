import { errorCode, errorField } from '../../lib/api-error';

/** Keys of the auth namespace (or 'genericError' of common) for each message of spec §5. */
export type AuthMessage =
  | 'enterName'
  | 'nameUnsafe'
  | 'enterEmail'
  | 'enterPassword'
  | 'invalidEmail'
  | 'passwordTooShort'
  | 'invalidCredentials'
  | 'emailTaken'
  | 'tooManyAttempts'
  | 'accountBlocked'
  | 'genericError';

export interface SignInValues {
  email: string;
  password: string;
}

export interface RegisterValues extends SignInValues {
  name: string;
}

export type FieldErrors<T> = Partial<Record<keyof T, AuthMessage>>;

export const MIN_PASSWORD_LENGTH = 6;

/** Something@something.tld, no spaces; the server checks the rest. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

function emailError(email: string): AuthMessage | undefined {
  if (!email.trim()) return 'enterEmail';
  if (!isEmail(email)) return 'invalidEmail';
  return undefined;
}

/** Sign-in form: 'Enter your email', 'Please enter a valid email address', 'Enter your password'. */
export function validateSignIn(values: SignInValues): FieldErrors<SignInValues> {
  const errors: FieldErrors<SignInValues> = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'enterPassword';
  return errors;
}

/** Registration form: the sign-in rules, a name, and a password of at least 6 characters. */
export function validateRegister(values: RegisterValues): FieldErrors<RegisterValues> {
  const errors: FieldErrors<RegisterValues> = {};
  // Unsafe characters are the server's to refuse (nameUnsafe below): the sign-in page's budget has
  // no room for the rule's code, and no one types a control character into a name by hand.
  if (!values.name.trim()) errors.name = 'enterName';
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'enterPassword';
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'passwordTooShort';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** A failed call as a field message or a form message. */
export interface ServerFailure<T> {
  field?: keyof T;
  message: AuthMessage;
}

export function signInFailure(error: unknown): ServerFailure<SignInValues> {
  if (errorCode(error) === 'INVALID_CREDENTIALS') return { message: 'invalidCredentials' };
  if (errorCode(error) === 'TOO_MANY_REQUESTS') return { message: 'tooManyAttempts' };
  if (errorCode(error) === 'ACCOUNT_BLOCKED') return { message: 'accountBlocked' };
  return { message: 'genericError' };
}

export function registerFailure(error: unknown): ServerFailure<RegisterValues> {
  const code = errorCode(error);
  if (code === 'EMAIL_TAKEN') return { field: 'email', message: 'emailTaken' };
  if (code === 'TOO_MANY_REQUESTS') return { message: 'tooManyAttempts' };
  if (code === 'VALIDATION_ERROR') {
    const field = errorField(error);
    if (field === 'email') return { field: 'email', message: 'invalidEmail' };
    if (field === 'password') return { field: 'password', message: 'passwordTooShort' };
    if (field === 'name') return { field: 'name', message: 'nameUnsafe' };
  }
  return { message: 'genericError' };
}
