import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../ui/return-focus';

interface AlertDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  text: string;
}

/** A message that needs acknowledging, e.g. LAST_ADMIN (spec §8): one OK button; Escape closes. */
export function AlertDialog({ open, onOpenChange, title, text }: AlertDialogProps) {
  const returnFocus = useReturnFocus(open);
  const { t } = useTranslation('settings');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="dialog" role="alertdialog">
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description className="dialog-text">{text}</Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close className="btn btn-primary">{t('ok')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
