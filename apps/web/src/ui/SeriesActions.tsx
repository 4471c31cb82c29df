import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import './SeriesActions.css';

interface SeriesActionsProps {
  groupId: string;
  seriesId: string;
  /** The series' expense name, for the stop question. */
  name: string;
  state: 'active' | 'paused' | 'stopped';
}

/**
 * Pause or resume, and stop (after a question) a recurring series (issue 28): on an expense of the
 * series and in the group's settings. Each refreshes what shows a series: the list, expenses, logs.
 */
export function SeriesActions({ groupId, seriesId, name, state }: SeriesActionsProps) {
  const { t } = useTranslation('recurring');
  const queryClient = useQueryClient();
  const [confirmStop, setConfirmStop] = useState(false);
  const options = (done: 'paused_toast' | 'resumed_toast' | 'stopped_toast') => ({
    onSuccess: () => toast.success(t(done)),
    onError: () => toast.error(t('actionFailed')),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.recurring.pathFilter()),
        queryClient.invalidateQueries(trpc.expenses.get.pathFilter()),
        queryClient.invalidateQueries(trpc.logs.pathFilter()),
      ]),
  });
  const pause = useMutation(trpc.recurring.pause.mutationOptions(options('paused_toast')));
  const resume = useMutation(trpc.recurring.resume.mutationOptions(options('resumed_toast')));
  const stop = useMutation(
    trpc.recurring.stop.mutationOptions({
      ...options('stopped_toast'),
      onSuccess: () => {
        setConfirmStop(false);
        toast.success(t('stopped_toast'));
      },
    }),
  );
  if (state === 'stopped') return null;
  const ref = { groupId, seriesId };
  const busy = pause.isPending || resume.isPending || stop.isPending;
  return (
    <div className="series-actions">
      {state === 'active' ? (
        <button
          type="button"
          className="btn btn-ghost series-btn"
          disabled={busy}
          onClick={() => pause.mutate(ref)}
        >
          {t('pause')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-ghost series-btn"
          disabled={busy}
          onClick={() => resume.mutate(ref)}
        >
          {t('resume')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-ghost series-btn series-stop"
        disabled={busy}
        onClick={() => setConfirmStop(true)}
      >
        {t('stop')}
      </button>
      <ConfirmDialog
        open={confirmStop}
        onOpenChange={setConfirmStop}
        title={t('stopTitle', { name })}
        description={t('stopText')}
        confirmLabel={t('stopConfirm')}
        danger
        busy={stop.isPending}
        onConfirm={() => stop.mutate(ref)}
      />
    </div>
  );
}
