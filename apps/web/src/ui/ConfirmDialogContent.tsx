import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './return-focus';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
}

/** A modal question with cancel and confirm; Radix traps focus and closes on Escape. */
export default function ConfirmDialogContent(props: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(props.open);
  const { t } = useTranslation();
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {/* Radix links a Description itself; without one, an explicit undefined says there is none. */}
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="dialog"
          {...(props.description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="dialog-title">{props.title}</Dialog.Title>
          {props.description ? (
            <Dialog.Description className="dialog-text">{props.description}</Dialog.Description>
          ) : null}
          <div className="dialog-actions">
            <Dialog.Close className="btn btn-ghost">{t('cancel')}</Dialog.Close>
            <button
              type="button"
              className={props.danger ? 'btn btn-danger' : 'btn btn-primary'}
              disabled={props.busy}
              onClick={props.onConfirm}
            >
              {props.confirmLabel ?? t('confirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
