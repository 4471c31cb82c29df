import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { LogoMark } from '../../ui/LogoMark';
import { GetStartedLink } from './GetStartedLink';
import styles from './landing.module.css';

export function LandingHeader() {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={`${styles.inner} ${styles.headerInner}`}>
        <span className={styles.brand}>
          <LogoMark className={styles.brandMark} />
          {t('appName')}
        </span>
        <LanguageSwitch />
        <GetStartedLink className={`btn btn-primary ${styles.headerCta}`} />
      </div>
    </header>
  );
}
