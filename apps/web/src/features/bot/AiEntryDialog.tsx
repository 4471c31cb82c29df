import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useBotUsername } from '../../lib/useBotUsername';
import { BotLink } from '../../ui/BotLink';
import { Carousel } from '../../ui/Carousel';
import { SparklesIcon } from '../../ui/icons';
import { TelegramIcon } from '../../ui/TelegramIcon';
import './bot.css';

/**
 * The new-expense form's AI button and its dialog (spec §1, §9): one slide on entering expenses
 * as free text through the bot, with an example, and a button that opens the bot. Absent when the
 * server has no bot. Radix traps focus, closes on Escape and labels the dialog by its title.
 */
export function AiEntryButton() {
  const { t } = useTranslation('telegram');
  const bot = useBotUsername();
  if (!bot) return null;
  return (
    <Dialog.Root>
      <Dialog.Trigger className="btn ai-button" aria-label={t('aiButtonLabel')}>
        <SparklesIcon size={18} />
        {t('aiButton')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog ai-dialog">
          <Carousel
            label={t('aiCarouselLabel')}
            slides={[
              <div key="text" className="ai-slide">
                <span className="ai-slide-mark" aria-hidden="true">
                  <SparklesIcon size={26} />
                </span>
                <Dialog.Title className="dialog-title">{t('aiTitle')}</Dialog.Title>
                <Dialog.Description className="dialog-text">{t('aiText')}</Dialog.Description>
                <figure className="ai-example">
                  <figcaption className="ai-example-label">{t('aiExampleLabel')}</figcaption>
                  <p className="ai-example-message">{t('aiExample')}</p>
                  <p className="ai-example-result">{t('aiExampleResult')}</p>
                </figure>
              </div>,
            ]}
          />
          <div className="dialog-actions ai-actions">
            <Dialog.Close className="btn btn-ghost">{t('close', { ns: 'common' })}</Dialog.Close>
            <BotLink username={bot} className="btn btn-primary ai-open-bot">
              <TelegramIcon />
              {t('openBot', { ns: 'common' })}
            </BotLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
