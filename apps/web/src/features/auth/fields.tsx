import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '../shell/icons';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Shown under the input and announced with it; replaces the hint. */
  error?: string;
  hint?: string;
}

/** A labelled input with its error (aria-invalid, aria-describedby) or a hint. */
export function TextField({ id, label, error, hint, className, ...input }: TextFieldProps) {
  const note = error ?? hint;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={className ?? 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        {...input}
      />
      {note ? (
        <span id={`${id}-note`} className={error ? 'field-error' : 'field-hint'}>
          {note}
        </span>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide button. */
export function PasswordField({ id, label, error, hint, className: _ignored, ...input }: TextFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const note = error ?? hint;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="password-wrap">
        <input
          {...input}
          id={id}
          className="input password-input"
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? `${id}-note` : undefined}
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
      {note ? (
        <span id={`${id}-note`} className={error ? 'field-error' : 'field-hint'}>
          {note}
        </span>
      ) : null}
    </div>
  );
}
