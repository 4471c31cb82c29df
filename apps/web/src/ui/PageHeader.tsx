import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: ReactNode;
  /** Where the back arrow goes; omitted means no back arrow. */
  back?: LinkProps;
  /** Called instead of a link, e.g. history back. */
  onBack?: () => void;
  actions?: ReactNode;
}

export function PageHeader({ title, back, onBack, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="page-header">
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
