import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

type Format = 'csv' | 'json';

/**
 * Export in group settings (issue 29): the group as a CSV in Splitwise's layout (spreadsheets,
 * and imports back into Dolya, Spliit and Splitwise-compatible apps) or as JSON with everything,
 * from groupExport.file. Loaded after the settings' first screen (SettingsPage).
 */
export default function ExportSection({ groupId }: { groupId: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Format | null>(null);

  async function download(format: Format) {
    if (busy) return;
    setBusy(format);
    try {
      // Read fresh each time and not kept (gcTime 0): a file is not a screen's data.
      const file = await queryClient.fetchQuery({
        ...trpc.groupExport.file.queryOptions({ groupId, format }),
        staleTime: 0,
        gcTime: 0,
      });
      saveFile(file);
    } catch {
      toast.error(t('exportFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card settings-card export-section" aria-labelledby="export-title">
      <h2 className="section-title" id="export-title">
        {t('exportTitle')}
      </h2>
      <p className="muted export-hint">{t('exportHint')}</p>
      <div className="export-actions">
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void download('csv')}>
          {busy === 'csv' ? t('exportPreparing') : t('exportCsv')}
        </button>
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? t('exportPreparing') : t('exportJson')}
        </button>
      </div>
    </section>
  );
}
