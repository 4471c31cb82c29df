import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/fields';
import './passkey.css';
import { useReturnFocus } from '../../ui/return-focus';

/** Spec §5: the passkey name is trimmed and must not be blank; it becomes the username, hence its rule. */
export function passkeyNameError(name: string): 'enterName' | 'nameInvalid' | undefined {
  const value = name.trim();
  if (!value) return 'enterName';
  if (!/^[A-Za-z0-9_.]{3,32}$/.test(value)) return 'nameInvalid';
  return undefined;
}

interface PasskeyNameDialogProps {
  open: boolean;
  initialName?: string;
  busy: boolean;
  /** A server's verdict on the name (taken, invalid), shown under the field. */
  serverError?: 'nameTaken' | 'nameInvalid';
  onCancel(): void;
  onSubmit(name: string): void;
}

/** Spec §2: the passkey-name dialog (title, message, text input, cancel, continue). */
export function PasskeyNameDialog(props: PasskeyNameDialogProps) {
  const returnFocus = useReturnFocus(props.open);
  const { t } = useTranslation('passkey');
  const [name, setName] = useState(props.initialName ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [editedSinceServer, setEditedSinceServer] = useState(false);

  useEffect(() => {
    if (props.open) {
      setName(props.initialName ?? '');
      setSubmitted(false);
    }
  }, [props.open, props.initialName]);

  useEffect(() => {
    if (props.serverError) setEditedSinceServer(false);
  }, [props.serverError]);

  const local = submitted ? passkeyNameError(name) : undefined;
  const message = local ?? (editedSinceServer ? undefined : props.serverError);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (props.busy) return;
    setSubmitted(true);
    if (passkeyNameError(name)) {
      document.getElementById('passkey-name')?.focus();
      return;
    }
    setEditedSinceServer(false);
    props.onSubmit(name.trim());
  }

  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && !props.busy && props.onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog">
          <Dialog.Title className="dialog-title">{t('nameTitle')}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('nameMessage')}</Dialog.Description>
          <form className="passkey-name-form" noValidate onSubmit={submit}>
            <TextField
              id="passkey-name"
              label={t('nameLabel')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setEditedSinceServer(true);
              }}
              hint={t('nameHint')}
              error={message ? t(message) : undefined}
            />
            <div className="dialog-actions passkey-name-actions">
              <Dialog.Close className="btn btn-ghost" disabled={props.busy}>
                {t('cancel')}
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={props.busy}>
                {props.busy ? t('creating') : t('continue')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
