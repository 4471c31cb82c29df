import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tab's title for the screen shown: "Расходы · Доля" (issue 27: every tab was titled "Доля"),
 * back to the app's name when the screen goes. Nothing while the title is not known yet.
 */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    if (!title || typeof document === 'undefined') return;
    document.title = title === appName ? appName : `${title} · ${appName}`;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);
}
