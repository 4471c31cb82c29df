import { findCurrency } from '@dolya/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../lib/api-types';
import { isGroupId } from '../../lib/group-id';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { isNotFound, trpc } from '../../lib/trpc';
import { CurrencyPicker, currencyName } from '../../ui/CurrencyPicker';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { invalidateAfterSave } from './api';
import { type AddFromFriends, MembersSection } from './MembersSection';
import { buildUpdate, findMe, formValues, isDirty, NO_EDITS, type SettingsEdits, withShare } from './model';
import { RecurringSection } from './RecurringSection';
import { TimeZoneField } from './TimeZoneField';
import './settings.css';

/** Export (issue 29): its code comes after the settings' first screen. */
const ExportSection = lazy(() => import('./ExportSection'));

/** What other features add to the page; the route puts them here. */
interface SettingsSlots {
  /** The admin's invite link, last (the invites'). */
  inviteLink: ReactNode;
  /** The friends to add with a tap, in the members' Add panel (the friends'). */
  addFromFriends: AddFromFriends;
  /** Reminders and the weekly summary in Telegram, after the members (the reminders'). */
  reminders?: ReactNode;
}

/** /group/{groupId}/settings (spec §2): name, currency, members with default shares, member actions. */
export function SettingsPage({ groupId, ...slots }: { groupId: string } & SettingsSlots) {
  const { t } = useTranslation('settings');
  const valid = isGroupId(groupId);
  const group = useQuery({ ...trpc.groups.get.queryOptions({ groupId }), enabled: valid });

  if (!valid || isNotFound(group.error)) return <SettingsNotFound />;
  const header = <PageHeader title={t('title')} back={{ to: '/group/$groupId', params: { groupId } }} />;
  if (group.isPending) {
    return (
      <>
        {header}
        <Spinner />
      </>
    );
  }
  if (group.isError) {
    return (
      <>
        {header}
        <div className="card settings-state" role="alert">
          <p className="settings-state-text">{t('loadFailed')}</p>
          <button type="button" className="btn" onClick={() => void group.refetch()}>
            {t('retry')}
          </button>
        </div>
      </>
    );
  }
  return <SettingsForm group={group.data} {...slots} />;
}

function SettingsNotFound() {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageHeader title={t('notFound')} back={{ to: '/' }} />
      <div className="card settings-state" role="alert">
        <p className="settings-state-text">{t('notFoundText')}</p>
        <Link to="/" className="btn btn-primary">
          {t('backToGroups')}
        </Link>
      </div>
    </>
  );
}

function SettingsForm({ group, inviteLink, addFromFriends, reminders }: { group: Group } & SettingsSlots) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const session = useSession();
  const formId = useId();
  const [edits, setEdits] = useState<SettingsEdits>(NO_EDITS);
  const me = findMe(group.users, session.data?.id);
  const isAdmin = me?.isAdmin ?? false;
  // A member who lost admin rights meanwhile sees the group as it is.
  const current = isAdmin ? edits : NO_EDITS;
  const values = formValues(group, current);
  const dirty = isAdmin && isDirty(group, current);

  const save = useMutation(
    trpc.groups.update.mutationOptions({
      onSuccess: (fresh) => {
        queryClient.setQueryData(trpc.groups.get.queryKey({ groupId: group.id }), fresh);
        setEdits(NO_EDITS);
        toast.success(t('saved'));
      },
      onError: () => toast.error(t('saveFailed')),
      onSettled: () => invalidateAfterSave(queryClient, group.id),
    }),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    save.mutate(buildUpdate(group, current));
  }

  const currency = findCurrency(values.currency);

  return (
    <>
      <PageHeader
        title={t('title')}
        back={{ to: '/group/$groupId', params: { groupId: group.id } }}
        actions={
          isAdmin ? (
            <button
              type="submit"
              form={formId}
              className="btn btn-primary settings-save"
              disabled={!dirty || save.isPending}
            >
              {t('save')}
            </button>
          ) : null
        }
      />
      {isAdmin ? (
        <form id={formId} className="card settings-card" onSubmit={onSubmit} noValidate>
          <div className="field settings-field">
            <label className="field-label" htmlFor={`${formId}-name`}>
              {t('groupName')}
            </label>
            <input
              id={`${formId}-name`}
              className="input"
              type="text"
              maxLength={100}
              autoComplete="off"
              value={values.name}
              onChange={(event) => setEdits((e) => ({ ...e, name: event.target.value }))}
            />
          </div>
          <CurrencyPicker
            label={t('currency')}
            value={values.currency}
            onChange={(code) => setEdits((e) => ({ ...e, currency: code }))}
          />
          <TimeZoneField
            id={`${formId}-tz`}
            value={values.timeZone}
            onChange={(timeZone) => setEdits((e) => ({ ...e, timeZone }))}
          />
        </form>
      ) : (
        <div className="card settings-card">
          <dl className="settings-readonly">
            <div>
              <dt className="field-label">{t('groupName')}</dt>
              <dd className="settings-value">{group.name}</dd>
            </div>
            <div>
              <dt className="field-label">{t('currency')}</dt>
              <dd className="settings-value">
                <span className="currency-code">{group.currency}</span>
                {currency ? <span className="muted"> {currencyName(currency, i18n.language)}</span> : null}
              </dd>
              <dd className="settings-note muted">{t('currencyAdminsOnly')}</dd>
            </div>
            <div>
              <dt className="field-label">{t('timeZone', { ns: 'recurring' })}</dt>
              <dd className="settings-value">{values.timeZone}</dd>
            </div>
          </dl>
        </div>
      )}
      <MembersSection
        groupId={group.id}
        users={group.users}
        isAdmin={isAdmin}
        shareOf={values.shareOf}
        onShareChange={(memberId, share) => setEdits((e) => withShare(e, memberId, share))}
        addFromFriends={addFromFriends}
      />
      <RecurringSection groupId={group.id} currency={group.currency} />
      {reminders}
      {isAdmin ? inviteLink : null}
      {isAdmin ? (
        <Link to="/import" search={{ groupId: group.id }} className="btn btn-ghost settings-import">
          {t('importInto')}
        </Link>
      ) : null}
      {/* Below the link: arriving a moment later, it moves nothing that can be pressed. */}
      <Suspense fallback={null}>
        <ExportSection groupId={group.id} />
      </Suspense>
    </>
  );
}
