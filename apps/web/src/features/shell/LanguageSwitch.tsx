import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGE_SHORT, LANGUAGES } from './languages';
import './shell.css';

/** RU | EN toggle for the pages without the user menu (landing, sign-in). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n.language);
  return (
    <fieldset className="lang-switch" aria-label={t('language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="lang-switch-option"
          aria-pressed={language === active}
          // The visible code first, so the spoken name matches what is on screen.
          aria-label={`${LANGUAGE_SHORT[language]} — ${LANGUAGE_NAMES[language]}`}
          title={LANGUAGE_NAMES[language]}
          onClick={() => setLanguage(language)}
        >
          {LANGUAGE_SHORT[language]}
        </button>
      ))}
    </fieldset>
  );
}
