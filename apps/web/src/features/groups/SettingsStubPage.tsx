import { findCurrency } from '@dolya/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../i18n';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { currencyName } from './CurrencyPicker';
import { Avatar, memberRowClass } from './MembersEditor';
import { sortMembers } from './members';
import './groups.css';

/** /group/{id}/settings — read-only until the settings issue replaces it. */
export function SettingsStubPage({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation('groups');
  const group = useQuery(trpc.groups.get.queryOptions({ groupId }));
  const language = i18n.language === 'en' ? 'en' : 'ru';

  const header = (
    <PageHeader title={t('settingsTitle')} back={{ to: '/group/$groupId', params: { groupId } }} />
  );
  if (group.isPending) {
    return (
      <>
        {header}
        <Spinner />
      </>
    );
  }
  if (!group.data) {
    return (
      <>
        {header}
        <div className="card groups-empty">
          <h2 className="groups-empty-title">{t('notFound')}</h2>
          <Link to="/" className="btn">
            {t('title')}
          </Link>
        </div>
      </>
    );
  }

  const data = group.data;
  const currency = findCurrency(data.currency);
  return (
    <>
      {header}
      <div className="card">
        <dl className="settings-facts">
          <div>
            <dt className="field-label">{t('groupName')}</dt>
            <dd className="settings-value">{data.name}</dd>
          </div>
          <div>
            <dt className="field-label">{t('currency')}</dt>
            <dd className="settings-value">
              <span className="currency-code">{data.currency}</span>
              {currency ? <span className="muted"> {currencyName(currency, language)}</span> : null}
            </dd>
          </div>
        </dl>
      </div>
      <section className="members members-readonly" aria-labelledby="settings-members-title">
        <div className="members-head">
          <h2 className="section-title" id="settings-members-title">
            {t('membersTitle')}
          </h2>
          <span className="members-share-head muted" aria-hidden="true">
            {t('share')}
          </span>
        </div>
        <ul className="list member-list">
          {sortMembers(data.users, LOCALES[language]).map((member) => (
            <li className={memberRowClass(member.name)} key={member.memberId}>
              <Avatar name={member.name} />
              <span className="member-name">
                <span className="member-name-text">{member.name}</span>
                {member.isCurrentUser ? <span className="muted"> {t('you')}</span> : null}
                {member.isAdmin ? <span className="badge badge-admin">{t('admin')}</span> : null}
                {member.membershipStatus === 'PENDING' ? (
                  <span className="badge badge-pending">{t('pending')}</span>
                ) : null}
                {member.username ? null : <span className="badge">{t('noAccount')}</span>}
              </span>
              <span className="member-share-fixed">
                <span className="visually-hidden">{t('share')}: </span>
                {member.share}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <Link to="/group/$groupId" params={{ groupId }} className="btn btn-block">
        {t('goToGroup')}
      </Link>
    </>
  );
}
