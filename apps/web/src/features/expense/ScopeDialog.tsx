import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../ui/return-focus';

export type SeriesScope = 'this' | 'following';

interface ScopeDialogProps {
  open: boolean;
  busy?: boolean;
  onChoose(scope: SeriesScope): void;
  onCancel(): void;
}

/**
 * Saving an expense of a repeating series asks what the change is for (issue 28): only this
 * expense, or this one and the following (the series' template too). Escape or Cancel saves
 * nothing; focus goes back to what opened it (the save button).
 */
export function ScopeDialog({ open, busy, onChoose, onCancel }: ScopeDialogProps) {
  const { t } = useTranslation('recurring');
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="dialog-title">{t('scopeTitle')}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('scopeText')}</Dialog.Description>
          <div className="dialog-actions scope-actions">
            <Dialog.Close className="btn btn-ghost">{t('cancel')}</Dialog.Close>
            <button type="button" className="btn" disabled={busy} onClick={() => onChoose('this')}>
              {t('scopeThis')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => onChoose('following')}
            >
              {t('scopeFollowing')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
