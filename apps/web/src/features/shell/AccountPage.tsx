import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { Avatar } from './UserMenu';
import './shell.css';

/** /account stub: who is signed in. Profile editing, linked accounts and friends come later. */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <>
      <PageHeader title={t('account')} back={{ to: '/' }} />
      <section className="card account-card">
        <Avatar name={user.name} large />
        <div className="account-who">
          <div className="account-name">{user.name}</div>
          {user.username ? <div className="muted">@{user.username}</div> : null}
          {user.email ? <div className="muted account-email">{user.email}</div> : null}
        </div>
      </section>
    </>
  );
}
