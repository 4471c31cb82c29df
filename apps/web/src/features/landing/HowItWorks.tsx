import { useTranslation } from 'react-i18next';
import { ReceiptIcon, SettleIcon, UsersIcon } from './icons';
import styles from './landing.module.css';
import { Section } from './Section';

const STEPS = [
  { title: 'step1Title', text: 'step1Text', Icon: UsersIcon },
  { title: 'step2Title', text: 'step2Text', Icon: ReceiptIcon },
  { title: 'step3Title', text: 'step3Text', Icon: SettleIcon },
] as const;

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <Section id="how" title={t('howTitle')}>
      <ol className={styles.steps}>
        {STEPS.map(({ title, text, Icon }, index) => (
          <li key={title} className={styles.step}>
            <div className={styles.stepTop}>
              <span className={styles.stepIcon}>
                <Icon />
              </span>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
            </div>
            <h3 className={styles.cardTitle}>{t(title)}</h3>
            <p className={styles.cardText}>{t(text)}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
