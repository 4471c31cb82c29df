import { useTranslation } from 'react-i18next';
import { useBotUsername } from '../../lib/useBotUsername';
import { BotLink } from '../../ui/BotLink';
import { TelegramIcon } from '../../ui/TelegramIcon';

/** The header's way into the bot (spec §2, shared layout); absent when the server has no bot. */
export function BotButton() {
  // Common texts: the header shows on every signed-in screen, before their other texts are in.
  const { t } = useTranslation();
  const bot = useBotUsername();
  if (!bot) return null;
  return (
    <BotLink
      username={bot}
      className="icon-btn bot-button"
      aria-label={t('openBotLabel')}
      title={t('openBot')}
    >
      <TelegramIcon />
    </BotLink>
  );
}
