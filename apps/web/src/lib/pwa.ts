import type { i18n as I18n } from 'i18next';
import { toast } from 'sonner';
import { Workbox } from 'workbox-window';

/**
 * The installable app (issue 27), started by the toaster (ui/Toasts) after the first screen: the browser's bar takes the theme's
 * colour and the manifest the page's language (index.html sets both before the first paint, this
 * keeps them in step), and the service worker (built by vite-plugin-pwa, Workbox) is registered.
 * A new build's worker waits until the person says so: a toast offers the update, which reloads
 * the page once the new worker has taken over.
 */
let started = false;

export function startPwa(i18n: I18n) {
  if (started) return;
  started = true;
  const root = document.documentElement;
  const follow = () => {
    document
      .querySelector('meta[name=theme-color]')
      ?.setAttribute('content', root.dataset.theme === 'dark' ? '#181b23' : '#ffffff');
    document
      .querySelector('link[rel=manifest]')
      ?.setAttribute('href', root.lang === 'en' ? '/manifest.en.webmanifest' : '/manifest.webmanifest');
  };
  follow();
  new MutationObserver(follow).observe(root, { attributes: true, attributeFilter: ['data-theme', 'lang'] });

  // Under `vite` (development) there is no /sw.js and the registration fails quietly.
  if (!('serviceWorker' in navigator)) return;
  const worker = new Workbox('/sw.js');
  worker.addEventListener('waiting', () => void offerUpdate(worker, i18n));
  void worker.register().catch(() => undefined);
  // A tab kept open for days still hears of a new version.
  setInterval(() => void worker.update().catch(() => undefined), 60 * 60 * 1000);
}

async function offerUpdate(worker: Workbox, i18n: I18n) {
  await i18n.loadNamespaces('offline');
  toast(i18n.t('offline:updateReady'), {
    id: 'app-update',
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: i18n.t('offline:updateReload'),
      onClick: () => {
        worker.addEventListener('controlling', () => window.location.reload());
        worker.messageSkipWaiting();
      },
    },
  });
}
