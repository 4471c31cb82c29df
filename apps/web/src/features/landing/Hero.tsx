import { useTranslation } from 'react-i18next';
import { GetStartedLink } from './GetStartedLink';
import { GroupMock } from './GroupMock';
import { ArrowIcon } from './icons';
import styles from './landing.module.css';

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`${styles.inner} ${styles.heroGrid}`}>
        <div className={styles.heroText}>
          <p className={styles.badge}>{t('heroBadge')}</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {t('heroTitle')}
          </h1>
          <p className={styles.heroPitch}>{t('heroPitch')}</p>
          <div className={styles.heroActions}>
            <GetStartedLink className={`btn btn-primary ${styles.ctaBig}`}>
              <ArrowIcon />
            </GetStartedLink>
            <a href="#how" className={`btn btn-ghost ${styles.ctaSecondary}`}>
              {t('heroHow')}
            </a>
          </div>
          <p className={styles.heroNote}>{t('heroNote')}</p>
        </div>
        <GroupMock />
      </div>
    </section>
  );
}
