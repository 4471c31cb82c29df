import { i18n, i18nReady } from '../src/i18n';

// The texts arrive in chunks of their own (src/i18n); screens under test render with both in.
await i18nReady;
await i18n.loadLanguages(['ru', 'en']);
