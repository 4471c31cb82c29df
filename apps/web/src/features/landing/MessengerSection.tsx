import { useTranslation } from 'react-i18next';
import { SendIcon } from './icons';
import styles from './landing.module.css';
import { PointList, Section } from './Section';
import { TelegramChat } from './TelegramChat';
import { botUrl } from './useBotUsername';

export function MessengerSection({ bot }: { bot: string | null }) {
  const { t } = useTranslation('landing');
  return (
    <Section
      id="telegram"
      kicker={t('botKicker')}
      title={t('botTitle')}
      lead={t('botLead')}
      band
      visual={<TelegramChat />}
      visualFirst
    >
      <PointList
        points={[
          { title: t('botChatsTitle'), text: t('botChatsText') },
          { title: t('botMiniAppTitle'), text: t('botMiniAppText') },
        ]}
      />
      {bot ? (
        <a className={`btn ${styles.botLink}`} href={botUrl(bot)} target="_blank" rel="noopener noreferrer">
          <SendIcon />
          {t('botOpen')}
        </a>
      ) : null}
    </Section>
  );
}
