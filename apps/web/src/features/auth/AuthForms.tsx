import { type ChangeEventHandler, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../ui/fields';
import {
  type AuthMessage,
  type FieldErrors,
  hasErrors,
  type RegisterValues,
  registerFailure,
  type ServerFailure,
  type SignInValues,
  signInFailure,
  validateRegister,
  validateSignIn,
} from './validation';

function useMessage() {
  const { t } = useTranslation('auth');
  return (message: AuthMessage | undefined) =>
    message === undefined
      ? undefined
      : message === 'genericError'
        ? t('genericError', { ns: 'common' })
        : t(message);
}

/**
 * The shared form logic: the rules are checked on submit and then live as the user fixes them;
 * a server failure shows on its field (until that field changes) or above the button.
 */
function useAuthForm<T extends SignInValues>(options: {
  initial: T;
  validate(values: T): FieldErrors<T>;
  failure(error: unknown): ServerFailure<T>;
  submit(values: T): Promise<unknown>;
  fieldId(field: keyof T): string;
}) {
  const [values, setValues] = useState(options.initial);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<ServerFailure<T> | null>(null);
  const [busy, setBusy] = useState(false);
  const errors: FieldErrors<T> = submitted ? options.validate(values) : {};

  function errorOf(field: keyof T): AuthMessage | undefined {
    return errors[field] ?? (failure?.field === field ? failure.message : undefined);
  }

  function set(field: keyof T) {
    return (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: event.target.value }));
      if (failure && (failure.field === field || !failure.field)) setFailure(null);
    };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFailure(null);
    const found = options.validate(values);
    if (hasErrors(found)) {
      const first = (Object.keys(options.initial) as (keyof T)[]).find((field) => found[field]);
      if (first !== undefined) document.getElementById(options.fieldId(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      await options.submit({ ...values, email: values.email.trim() });
    } catch (error) {
      const next = options.failure(error);
      setFailure(next);
      if (next.field) document.getElementById(options.fieldId(next.field))?.focus();
    } finally {
      setBusy(false);
    }
  }

  const formError = failure && !failure.field ? failure.message : undefined;
  return { values, set, errorOf, onSubmit, busy, formError };
}

/** The email field, the same in both forms. */
function EmailField(props: {
  id: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      id={props.id}
      label={t('email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={t('emailPlaceholder')}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}

/** A form-wide error, if any, above the submit button. */
function FormEnd({ error, busy, label }: { error?: string; busy: boolean; label: string }) {
  return (
    <>
      {error ? (
        <div className="auth-alert" role="alert">
          {error}
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block auth-submit" disabled={busy}>
        {label}
      </button>
    </>
  );
}

const signInIds: Record<keyof SignInValues, string> = { email: 'signin-email', password: 'signin-password' };

/** Email and password sign-in (spec §2 /login, §5). */
export function SignInForm({ submit }: { submit(values: SignInValues): Promise<unknown> }) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const form = useAuthForm<SignInValues>({
    initial: { email: '', password: '' },
    validate: validateSignIn,
    failure: signInFailure,
    submit,
    fieldId: (field) => signInIds[field],
  });
  return (
    <form className="auth-form" noValidate onSubmit={form.onSubmit}>
      <EmailField
        id={signInIds.email}
        value={form.values.email}
        onChange={form.set('email')}
        error={message(form.errorOf('email'))}
      />
      <PasswordField
        id={signInIds.password}
        label={t('password')}
        autoComplete="current-password"
        value={form.values.password}
        onChange={form.set('password')}
        error={message(form.errorOf('password'))}
      />
      <a className="auth-forgot" href="/reset-password">
        {t('forgotPassword')}
      </a>
      <FormEnd
        error={message(form.formError)}
        busy={form.busy}
        label={form.busy ? t('signingIn') : t('signIn')}
      />
    </form>
  );
}

const registerIds: Record<keyof RegisterValues, string> = {
  name: 'register-name',
  email: 'register-email',
  password: 'register-password',
};

/** Registration with name, email and password. */
export function RegisterForm({ submit }: { submit(values: RegisterValues): Promise<unknown> }) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const form = useAuthForm<RegisterValues>({
    initial: { name: '', email: '', password: '' },
    validate: validateRegister,
    failure: registerFailure,
    submit: (values) => submit({ ...values, name: values.name.trim() }),
    fieldId: (field) => registerIds[field],
  });
  return (
    <form className="auth-form" noValidate onSubmit={form.onSubmit}>
      <TextField
        id={registerIds.name}
        label={t('name')}
        autoComplete="name"
        placeholder={t('namePlaceholder')}
        value={form.values.name}
        onChange={form.set('name')}
        error={message(form.errorOf('name'))}
      />
      <EmailField
        id={registerIds.email}
        value={form.values.email}
        onChange={form.set('email')}
        error={message(form.errorOf('email'))}
      />
      <PasswordField
        id={registerIds.password}
        label={t('password')}
        autoComplete="new-password"
        value={form.values.password}
        onChange={form.set('password')}
        hint={t('passwordHint')}
        error={message(form.errorOf('password'))}
      />
      <FormEnd
        error={message(form.formError)}
        busy={form.busy}
        label={form.busy ? t('creatingAccount') : t('createAccount')}
      />
    </form>
  );
}
