import { useTranslation } from 'react-i18next';
import { BriefcaseIcon, HeartIcon, TripIcon } from './icons';
import styles from './landing.module.css';
import { Section } from './Section';

const CASES = [
  { title: 'couplesTitle', scenario: 'couplesScenario', dolya: 'couplesDolya', Icon: HeartIcon },
  { title: 'friendsTitle', scenario: 'friendsScenario', dolya: 'friendsDolya', Icon: TripIcon },
  { title: 'colleaguesTitle', scenario: 'colleaguesScenario', dolya: 'colleaguesDolya', Icon: BriefcaseIcon },
] as const;

export function UseCases() {
  const { t } = useTranslation('landing');
  return (
    <Section id="cases" title={t('casesTitle')} lead={t('casesLead')} band>
      <ul className={styles.cases}>
        {CASES.map(({ title, scenario, dolya, Icon }) => (
          <li key={title} className={styles.case}>
            <span className={styles.caseIcon}>
              <Icon />
            </span>
            <h3 className={styles.cardTitle}>{t(title)}</h3>
            <p className={styles.cardText}>{t(scenario)}</p>
            <div className={styles.caseAnswer}>
              <p className={styles.caseAnswerTitle}>{t('caseWhatDolyaDoes')}</p>
              <p className={styles.caseAnswerText}>{t(dolya)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
