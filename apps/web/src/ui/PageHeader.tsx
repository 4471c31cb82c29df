import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title';

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
