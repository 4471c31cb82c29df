import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorField } from '../../lib/api-error';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { DropZone } from './DropZone';
import {
  guessFormat,
  IMPORT_CONTENT_MAX,
  IMPORT_FORMATS,
  type ImportFormat,
  nameFromFile,
} from './file-format';
import { ImportPreview, type Mapping, type Preview } from './ImportPreview';
import './import.css';

const FORMAT_LABEL = {
  'splitwise-csv': 'formatSplitwise',
  'spliit-csv': 'formatSpliitCsv',
  'spliit-json': 'formatSpliitJson',
} as const;

interface Picked {
  content: string;
  format: ImportFormat;
  name: string;
  /** The person typed the name: a file's own group name no longer replaces it. */
  nameTyped?: boolean;
}

/** /import (issue 29): a Splitwise or Spliit file into a new group, or into `groupId` (admins). */
export function ImportPage({ groupId }: { groupId?: string }) {
  const { t } = useTranslation('imports');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = useIdempotencyKey();
  const group = useQuery({ ...trpc.groups.get.queryOptions({ groupId: groupId ?? '' }), enabled: !!groupId });
  const [picked, setPicked] = useState<Picked>();
  const [preview, setPreview] = useState<Preview>();
  const [mapping, setMapping] = useState<Mapping>({});
  const [rates, setRates] = useState<Record<string, string>>({});
  const [needRate, setNeedRate] = useState<string[]>([]);
  const [rateRefused, setRateRefused] = useState(false);
  const [error, setError] = useState<string>();
  /** The refusal in the interface's language (the server's message is English). */
  const failure = (failed: unknown) => {
    const code = errorCode(failed);
    if (code === 'IMPORT_ALREADY_DONE') return t('alreadyImported');
    if (code === 'RATE_REQUIRED') return t('rateRequired');
    if (errorField(failed)?.startsWith('memberMap')) return t('mappedTwice');
    if (code === 'IMPORT_INVALID_FILE') {
      const line = /^Line (\d+):/.exec(failed instanceof Error ? failed.message : '')?.[1];
      return line ? t('invalidFileLine', { line }) : t('invalidFile');
    }
    return t('failed');
  };

  const read = useMutation(
    trpc.imports.run.mutationOptions({
      onSuccess: (answer) => {
        if (!answer.dryRun) return;
        setPreview(answer.preview);
        // A file that names its group (Spliit's JSON) names the new group, not its file name.
        const named = answer.preview.groupName;
        if (named) setPicked((p) => (p && !p.nameTyped ? { ...p, name: named } : p));
        setMapping(Object.fromEntries(answer.preview.people.map((p) => [p.key, p.suggestedMemberId ?? ''])));
        setNeedRate(answer.preview.currencies.filter((c) => c.needsRate).map((c) => c.currency));
      },
      onError: (failed) => setError(failure(failed)),
    }),
  );
  const run = useMutation(
    trpc.imports.run.mutationOptions({
      onSuccess: async (answer) => {
        if (answer.dryRun) return;
        toast.success(
          t('done', { expenses: answer.result.expenses, settlements: answer.result.settlements }),
        );
        await queryClient.invalidateQueries({ queryKey: trpc.groups.list.queryKey() });
        await navigate({ to: '/group/$groupId', params: { groupId: answer.result.groupId } });
      },
      onError: (failed) => {
        attempt.renew();
        if (errorCode(failed) === 'RATE_REQUIRED' && preview) {
          setNeedRate(
            preview.currencies.filter((c) => c.foreign && !rates[c.currency]).map((c) => c.currency),
          );
          setRateRefused(true);
        }
        setError(failure(failed));
      },
    }),
  );

  const readAs = (next: Picked) => {
    setPicked(next);
    setPreview(undefined);
    setError(undefined);
    setRateRefused(false);
    read.mutate({
      format: next.format,
      content: next.content,
      dryRun: true,
      ...(groupId ? { groupId } : {}),
    });
  };

  const onFile = async (file: File) => {
    const content = await file.text();
    if (content.length > IMPORT_CONTENT_MAX) {
      setError(t('tooLarge', { limit: IMPORT_CONTENT_MAX.toLocaleString() }));
      return;
    }
    readAs({ content, format: guessFormat(content), name: nameFromFile(file.name) });
  };

  const confirm = () => {
    if (!picked || !preview) return;
    setError(undefined);
    // A rate the server said it has none of, left empty: say so here instead of a round trip.
    if (needRate.some((currency) => !rates[currency]?.trim())) {
      setRateRefused(true);
      setError(t('rateRequired'));
      return;
    }
    const typed = Object.fromEntries(Object.entries(rates).filter(([, rate]) => rate.trim() !== ''));
    run.mutate({
      format: picked.format,
      content: picked.content,
      memberMap: Object.fromEntries(Object.entries(mapping).map(([key, seat]) => [key, seat || null])),
      rates: typed,
      idempotencyKey: attempt.key,
      ...(groupId ? { groupId } : { name: picked.name || preview.groupName || t('title') }),
    });
  };

  const title = group.data ? t('titleInto', { name: group.data.name }) : t('title');
  return (
    <>
      <PageHeader
        title={title}
        back={groupId ? { to: '/group/$groupId/settings', params: { groupId } } : { to: '/' }}
      />
      <p className="muted import-intro">{t('intro')}</p>
      {!preview ? <DropZone onFile={onFile} /> : null}
      {picked ? (
        <div className="field import-format">
          <label className="field-label" htmlFor="import-format">
            {t('format')}
          </label>
          <select
            id="import-format"
            className="input"
            value={picked.format}
            onChange={(event) => readAs({ ...picked, format: event.target.value as ImportFormat })}
          >
            {IMPORT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {t(FORMAT_LABEL[format])}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {picked && !groupId && preview ? (
        <div className="field">
          <label className="field-label" htmlFor="import-name">
            {t('groupName')}
          </label>
          <input
            id="import-name"
            className="input"
            value={picked.name}
            maxLength={100}
            onChange={(event) => setPicked({ ...picked, name: event.target.value, nameTyped: true })}
          />
          <span className="field-hint">
            {t('groupCurrency')}: {preview.groupCurrency}
          </span>
        </div>
      ) : null}
      {error ? (
        <p className="field-error import-error" role="alert">
          {error}
        </p>
      ) : null}
      {read.isPending ? <Spinner /> : null}
      {preview ? (
        <>
          <ImportPreview
            preview={preview}
            mapping={mapping}
            onMap={(key, target) => setMapping((m) => ({ ...m, [key]: target }))}
            rates={rates}
            onRate={(currency, rate) => setRates((r) => ({ ...r, [currency]: rate }))}
            needRate={needRate}
            rateRefused={rateRefused}
          />
          <div className="page-actions import-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={run.isPending || preview.alreadyImported}
              onClick={confirm}
            >
              {run.isPending ? t('importing') : t('confirm')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setPreview(undefined);
                setPicked(undefined);
                setError(undefined);
              }}
            >
              {t('another')}
            </button>
          </div>
        </>
      ) : null}
    </>
  );
}
