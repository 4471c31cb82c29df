import { i18n, i18nReady, NAMESPACES } from '../src/i18n';
import { toasterMounted } from '../src/lib/toast';

// The texts arrive in chunks of their own (src/i18n); screens under test render with all of them in.
await i18nReady;
await Promise.all(['ru', 'en'].flatMap((language) => NAMESPACES.map((ns) => i18n.load(language, ns))));

// Screens under test render their own sonner Toaster, listening from the start.
toasterMounted();
