import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGE_SHORT, LANGUAGES } from '../lib/languages';
import styles from './LanguageSwitch.module.css';

/** RU | EN toggle for the pages without the user menu (landing, sign-in). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n.language);
  return (
    <fieldset className={styles.switch} aria-label={t('language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.option}
          aria-pressed={language === active}
          // The name is the visible code (WCAG 2.5.3, label in name); the language's full name is
          // its description, with the group labelled "Language".
          title={LANGUAGE_NAMES[language]}
          onClick={() => setLanguage(language)}
        >
          {LANGUAGE_SHORT[language]}
        </button>
      ))}
    </fieldset>
  );
}
