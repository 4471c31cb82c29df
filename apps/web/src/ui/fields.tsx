import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './fields.css';
import { EyeIcon, EyeOffIcon } from './icons';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Shown under the input and announced with it; replaces the hint. */
  error?: string;
  hint?: string;
}

/** The id of the error or hint under a field, when there is one. */
function noteId(id: string, error?: string, hint?: string) {
  return (error ?? hint) ? `${id}-note` : undefined;
}

/** The label above an input and the error or hint below it. */
function Field({
  id,
  label,
  error,
  hint,
  children,
}: Pick<TextFieldProps, 'id' | 'label' | 'error' | 'hint'> & { children: ReactNode }) {
  const note = error ?? hint;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {note ? (
        <span id={noteId(id, error, hint)} className={error ? 'field-error' : 'field-hint'}>
          {note}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled input with its error (aria-invalid, aria-describedby) or a hint. */
export function TextField({ id, label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={className ?? 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId(id, error, hint)}
        {...input}
      />
    </Field>
  );
}

/** A password input with a show/hide button. */
export function PasswordField({ id, label, error, hint, className: _ignored, ...input }: TextFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="password-wrap">
        <input
          {...input}
          id={id}
          className="input password-input"
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId(id, error, hint)}
        />
        <button
          type="button"
          className="password-toggle"
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </Field>
  );
}
