import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOnline } from './OfflineBanner';

/** A screen's code that could not be fetched (offline, or a new version replaced the old files). */
function isChunkFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    message,
  );
}

/**
 * What shows instead of a screen that failed (the router's errorComponent, issue 27): inside the
 * layout, so the header stays, translated, with Retry. Retry loads the screen again; a screen
 * whose code could not be fetched loads the page anew once online (the failed import is not
 * tried twice by the browser).
 */
export default function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const online = useOnline();

  function retry() {
    if (online && isChunkFailure(error)) {
      window.location.reload();
      return;
    }
    reset();
    void router.invalidate();
  }

  return (
    <section className="card error-screen" role="alert" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title" className="error-screen-title">
        {t('errorTitle')}
      </h1>
      <p className="muted">{online ? t('errorText') : t('errorOffline')}</p>
      <button type="button" className="btn btn-primary" onClick={retry}>
        {t('retry')}
      </button>
    </section>
  );
}
