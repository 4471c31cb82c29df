import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanMemberName } from '../../lib/members';
import { useReturnFocus } from '../../ui/return-focus';

interface RenameDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The member's name now: the field starts with it. */
  name: string;
  busy: boolean;
  /** The new name, trimmed, different from the old one. */
  onRename(name: string): void;
}

/**
 * A member without an account renamed by an admin (issue 27; members.rename): the name field,
 * Cancel and Save. Enter saves; a blank name says so and keeps the dialog; an unchanged one closes.
 */
export function RenameDialog({ open, onOpenChange, name, busy, onRename }: RenameDialogProps) {
  const { t } = useTranslation('settings');
  const id = useId();
  const returnFocus = useReturnFocus(open);
  const [text, setText] = useState(name);
  const [error, setError] = useState<string | null>(null);
  // Each opening starts from the member's name as it is now.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (open && openedFor !== name) {
    setOpenedFor(name);
    setText(name);
    setError(null);
  }
  if (!open && openedFor !== null) setOpenedFor(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const next = cleanMemberName(text);
    if (!next) {
      setError(t('memberNameRequired'));
      return;
    }
    if (next === name) onOpenChange(false);
    else onRename(next);
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{t('renameTitle', { name })}</Dialog.Title>
          <form className="settings-rename" onSubmit={submit} noValidate>
            <label className="field-label" htmlFor={`${id}-name`}>
              {t('memberName')}
            </label>
            <input
              id={`${id}-name`}
              className="input"
              type="text"
              maxLength={100}
              autoComplete="off"
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(null);
              }}
              onFocus={(event) => event.currentTarget.select()}
            />
            {error ? (
              <p className="field-error settings-rename-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            ) : null}
            <div className="dialog-actions settings-rename-actions">
              <Dialog.Close type="button" className="btn btn-ghost">
                {t('cancel')}
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t('renameConfirm')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
