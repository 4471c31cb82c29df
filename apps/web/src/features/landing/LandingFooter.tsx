import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { LogoMark } from '../../ui/LogoMark';
import styles from './landing.module.css';
import { botUrl } from './useBotUsername';

export function LandingFooter({ bot }: { bot: string | null }) {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  const { data: user } = useSession();
  return (
    <footer className={styles.footer}>
      <div className={`${styles.inner} ${styles.footerInner}`}>
        <div className={styles.footerBrand}>
          <span className={styles.brand}>
            <LogoMark className={styles.brandMark} />
            {tc('appName')}
          </span>
          <p className={styles.footerTagline}>{t('footerTagline')}</p>
        </div>
        <nav aria-label={t('footerLinks')}>
          <ul className={styles.footerLinks}>
            <li>
              {user ? <Link to="/">{t('openApp')}</Link> : <Link to="/login">{t('footerSignIn')}</Link>}
            </li>
            <li>
              <a href="#how">{t('howTitle')}</a>
            </li>
            <li>
              <a href="#cases">{t('casesTitle')}</a>
            </li>
            <li>
              <a href="#why">{t('whyTitle')}</a>
            </li>
            <li>
              <a href="/api/docs">{t('footerApi')}</a>
            </li>
            {bot ? (
              <li>
                <a href={botUrl(bot)} target="_blank" rel="noopener noreferrer">
                  {t('footerBot')}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <p className={styles.footerCopy}>{t('footerCopyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
