import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/AccountPage';
import { FriendsSection } from '../../features/friends/FriendsSection';
import { PasskeyRow } from '../../features/passkey/PasskeyRow';
import { i18n } from '../../i18n';

export const Route = createFileRoute('/_app/account')({
  // Its texts, with its code: the account's own, and the sign-in methods' (src/i18n).
  loader: () => i18n.loadNamespaces(['account', 'friends', 'passkey', 'telegram']),
  component: Account,
});

function Account() {
  return <AccountPage passkeyRow={<PasskeyRow />} friends={<FriendsSection />} />;
}
