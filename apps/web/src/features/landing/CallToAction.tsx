import { useTranslation } from 'react-i18next';
import { GetStartedLink } from './GetStartedLink';
import styles from './landing.module.css';

export function CallToAction() {
  const { t } = useTranslation('landing');
  return (
    <section className={styles.section} aria-labelledby="cta-title">
      <div className={styles.inner}>
        <div className={styles.cta}>
          <h2 id="cta-title" className={styles.ctaTitle}>
            {t('ctaTitle')}
          </h2>
          <p className={styles.ctaText}>{t('ctaText')}</p>
          <GetStartedLink className={`btn ${styles.ctaButton}`} />
        </div>
      </div>
    </section>
  );
}
