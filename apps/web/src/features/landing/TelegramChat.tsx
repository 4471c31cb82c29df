import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../ui/LogoMark';
import { CHAT_TIME } from './demo';
import styles from './landing.module.css';
import { useDemo } from './useDemo';

/**
 * The bot in a Telegram group chat, as it really answers: the message, the draft with its inline
 * buttons, and the confirmation after Save. Screen readers get it as a list of messages.
 */
export function TelegramChat() {
  const { t } = useTranslation('landing');
  const { scenario, format, money, name } = useDemo();
  const { pizza } = scenario;
  const time = format.time(CHAT_TIME);
  const shares = pizza.shares
    .map(([person, cents]) => t('draftShare', { name: name(person), amount: money(cents) }))
    .join(' · ');

  return (
    <figure className={styles.tg} aria-labelledby="chat-caption">
      <figcaption id="chat-caption" className="visually-hidden">
        {t('chatLabel')}
      </figcaption>
      <div className={styles.tgBar} aria-hidden="true">
        <span className={styles.tgBack}>‹</span>
        <span className={styles.tgAvatar}>{t('groupName').slice(0, 1)}</span>
        <span className={styles.tgTitleBox}>
          <span className={styles.tgTitle}>{t('groupName')}</span>
          <span className={styles.tgSubtitle}>{t('chatMembers')}</span>
        </span>
      </div>
      <ol className={styles.tgMessages}>
        <li className={`${styles.tgMessage} ${styles.tgOut}`}>
          <span className="visually-hidden">{t('chatYou')}: </span>
          <span className={styles.tgText}>{t('botMessage')}</span>
          <span className={styles.tgTime} aria-hidden="true">
            {time} ✓✓
          </span>
        </li>
        <li className={styles.tgIncoming}>
          <LogoMark className={styles.tgBotAvatar} />
          <div className={styles.tgBotColumn}>
            <div className={`${styles.tgMessage} ${styles.tgIn}`}>
              <span className={styles.tgSender}>
                {t('chatBotName')}
                <span className="visually-hidden">: </span>
              </span>
              <span className={styles.tgText}>
                {t('botDraftTitle', { name: t('itemPizza'), amount: money(pizza.amount) })}
                <br />
                {t('botDraftPaidBy', { name: name(pizza.payer) })}
                <br />
                {t('botDraftSharedBy', { list: shares })}
              </span>
              <span className={styles.tgTime} aria-hidden="true">
                {time}
              </span>
            </div>
            <ul className={styles.tgKeyboard} aria-label={t('chatButtons')}>
              <li className={`${styles.tgKey} ${styles.tgKeyPressed}`}>{t('botSave')}</li>
              <li className={styles.tgKey}>{t('botEdit')}</li>
              <li className={styles.tgKey}>{t('botCancel')}</li>
            </ul>
          </div>
        </li>
        <li className={styles.tgIncoming}>
          <LogoMark className={styles.tgBotAvatar} />
          <div className={`${styles.tgMessage} ${styles.tgIn}`}>
            <span className={styles.tgSender}>
              {t('chatBotName')}
              <span className="visually-hidden">: </span>
            </span>
            <span className={styles.tgText}>{t('botSaved', { group: t('groupName') })}</span>
            <span className={styles.tgTime} aria-hidden="true">
              {time}
            </span>
          </div>
        </li>
      </ol>
    </figure>
  );
}
