import { useTranslation } from 'react-i18next';

export function Spinner({ full }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'spinner-wrap spinner-full' : 'spinner-wrap'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
