import { useTranslation } from 'react-i18next';
import { BracesIcon, GlobeIcon, ReceiptIcon, RouteIcon, SendIcon, TargetIcon } from './icons';
import styles from './landing.module.css';
import { Section } from './Section';

const REASONS = [
  { title: 'whyCentsTitle', text: 'whyCentsText', Icon: TargetIcon },
  { title: 'whyFewestTitle', text: 'whyFewestText', Icon: RouteIcon },
  { title: 'whyItemsTitle', text: 'whyItemsText', Icon: ReceiptIcon },
  { title: 'whyTelegramTitle', text: 'whyTelegramText', Icon: SendIcon },
  { title: 'whyLanguagesTitle', text: 'whyLanguagesText', Icon: GlobeIcon },
  { title: 'whyOpenTitle', text: 'whyOpenText', Icon: BracesIcon },
] as const;

export function WhyUs() {
  const { t } = useTranslation('landing');
  return (
    <Section id="why" title={t('whyTitle')} lead={t('whyLead')} band>
      <ul className={styles.reasons}>
        {REASONS.map(({ title, text, Icon }) => (
          <li key={title} className={styles.reason}>
            <span className={styles.reasonIcon}>
              <Icon />
            </span>
            <h3 className={styles.cardTitle}>{t(title)}</h3>
            <p className={styles.cardText}>{t(text)}</p>
            {title === 'whyOpenTitle' ? (
              <a className={styles.cardLink} href="/api/docs">
                {t('whyOpenDocs')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
