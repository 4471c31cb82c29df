import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/**
 * "Your data" on the account page (issue 29): everything held about the person as a JSON file
 * (account.data), and deleting the account (DeleteAccountDialog). Loaded after the page's first
 * screen (AccountPage).
 */
export default function YourData() {
  const { t } = useTranslation('account');
  const id = useId();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      // Fresh each time and not kept (gcTime 0): the file is not a screen's data.
      saveFile(
        await queryClient.fetchQuery({ ...trpc.account.data.queryOptions(), staleTime: 0, gcTime: 0 }),
      );
    } catch {
      toast.error(t('dataFailed'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="card account-data" aria-labelledby={`${id}-title`}>
      <div className="account-section-head">
        <h2 className="account-section-title" id={`${id}-title`}>
          {t('dataTitle')}
        </h2>
      </div>
      <p className="muted account-data-hint">{t('dataHint')}</p>
      <div className="account-data-actions">
        <button type="button" className="btn" disabled={downloading} onClick={() => void download()}>
          {downloading ? t('dataPreparing') : t('dataDownload')}
        </button>
        <button type="button" className="btn btn-ghost account-delete" onClick={() => setDeleting(true)}>
          {t('deleteAccount')}
        </button>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </section>
  );
}
