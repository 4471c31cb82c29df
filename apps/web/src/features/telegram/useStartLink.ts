import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { type StartLink, takeStartLink } from './start-link';

/** The screens to open, in order (so Back walks up from them), or null when the id leads nowhere. */
async function screensFor(queryClient: QueryClient, link: StartLink): Promise<string[] | null> {
  try {
    if (link.kind === 'invite') return [`/invite/${link.token}`];
    if (link.kind === 'group') {
      await queryClient.fetchQuery(trpc.groups.get.queryOptions({ groupId: link.groupId }));
      return [`/group/${link.groupId}`];
    }
    // The author's draft (else 404): it names its group, whose form it prefills.
    const { groupId } = await queryClient.fetchQuery(trpc.drafts.get.queryOptions({ draftId: link.draftId }));
    return [`/group/${groupId}`, `/group/${groupId}/new-expense?draft=${link.draftId}`];
  } catch {
    return null;
  }
}

/**
 * Inside the mini app: follows the launch's `startapp` link once, after sign-in (a group, the
 * prefilled form of a bot draft, an invite). An unknown or someone else's id stays on the group
 * list with the not-found message.
 */
export function useStartLink() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per launch by design (takeStartLink)
  useEffect(() => {
    const link = takeStartLink();
    if (!link) return;
    void screensFor(queryClient, link).then(async (screens) => {
      if (screens) {
        // One after another: each its own history entry, so Back walks up through them.
        for (const href of screens) await router.navigate({ href });
        return;
      }
      if (router.state.location.pathname !== '/') void router.navigate({ to: '/', replace: true });
      // The bot's texts come with the sign-in chunk, which the group list does without (src/i18n).
      await i18n.loadNamespaces('telegram');
      toast.error(
        link.kind === 'draft' ? t('draftNotFound', { ns: 'telegram' }) : t('notFound', { ns: 'group' }),
      );
    });
  }, []);
}
