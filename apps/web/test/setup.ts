import { i18n, i18nReady, NAMESPACES } from '../src/i18n';
import { toasterMounted } from '../src/lib/toast';

// The texts arrive in chunks of their own (src/i18n); screens under test render with all of them in.
await i18nReady;
await i18n.loadNamespaces([...NAMESPACES]);
await i18n.loadLanguages(['ru', 'en']);

// Screens under test render their own sonner Toaster, listening from the start.
toasterMounted();
