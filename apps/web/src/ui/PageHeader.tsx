import { Link, type LinkProps } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: ReactNode;
  /** Where the back arrow goes; omitted means no back arrow. */
  back?: LinkProps;
  /** Called instead of a link, e.g. history back. */
  onBack?: () => void;
  actions?: ReactNode;
}

/** Titles longer than this get a row of their own on phones, so their words are not broken. */
const LONG_TITLE = 20;

export function PageHeader({ title, back, onBack, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(typeof title === 'string' ? title : null);
  const long = typeof title === 'string' && Array.from(title).length > LONG_TITLE;
  return (
    <div className={long ? 'page-header page-header-long' : 'page-header'}>
      {back ? (
        <Link {...back} className="icon-btn" aria-label={t('back')}>
          ←
        </Link>
      ) : onBack ? (
        <button type="button" className="icon-btn" aria-label={t('back')} onClick={onBack}>
          ←
        </button>
      ) : null}
      <h1 className="page-title">{title}</h1>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}

/**
 * The tab's title for the screen shown: "Расходы · Доля" (issue 27: every tab was titled "Доля"),
 * back to the app's name when the screen goes. Here, not in a module of its own: the pages that
 * have no PageHeader (sign-in) import it from here, and a separate chunk would cost the first screen.
 */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    if (!title) return;
    document.title = title === appName ? appName : `${title} · ${appName}`;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);
}
