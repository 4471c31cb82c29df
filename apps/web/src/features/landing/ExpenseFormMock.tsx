import { useTranslation } from 'react-i18next';
import { PEOPLE } from './demo';
import styles from './landing.module.css';
import { useDemo } from './useDemo';

/** The new-expense form of the app, filled in with the hotel split in percentages. */
export function ExpenseFormMock() {
  const { t } = useTranslation('landing');
  const { scenario, format, money, name } = useDemo();
  const { hotel } = scenario;
  const memberName = (person: (typeof PEOPLE)[number]) =>
    person === 'me' ? t('mockMemberYou', { name: name('me') }) : name(person);
  const modes = [t('mockModeShares'), t('mockModeAmounts'), t('mockModePercentages')];

  return (
    <figure className={styles.figure}>
      <div className={`${styles.device} ${styles.formDevice}`} aria-hidden="true">
        <div className={styles.screen}>
          <div className={styles.screenHead}>
            <span className={styles.screenTitle}>{t('mockNewTitle')}</span>
          </div>
          <div className={styles.mockCard}>
            <span className={styles.mockLabel}>{t('mockName')}</span>
            <span className={styles.mockInput}>{t('itemHotel')}</span>
            <span className={styles.mockLabel}>{t('mockAmount')}</span>
            <span className={`${styles.mockInput} ${styles.mockInputAmount}`}>{money(hotel.amount)}</span>
            <span className={styles.mockLabel}>{t('mockPayer')}</span>
            <span className={`${styles.mockInput} ${styles.mockSelect}`}>{memberName('me')}</span>
          </div>
          <div className={styles.mockCard}>
            <span className={styles.mockCardTitle}>{t('mockSplitTitle')}</span>
            <span className={styles.segmented}>
              {modes.map((mode, index) => (
                <span
                  key={mode}
                  className={index === 2 ? `${styles.segment} ${styles.segmentOn}` : styles.segment}
                >
                  {mode}
                </span>
              ))}
            </span>
            <ul className={styles.splitRows}>
              {PEOPLE.map((person) => (
                <li key={person} className={styles.splitRow}>
                  <span className={styles.splitName}>{memberName(person)}</span>
                  <span className={styles.splitPercent}>
                    {hotel.percent[person]}
                    <span className={styles.splitAffix}>%</span>
                  </span>
                  <span className={styles.splitResult}>{money(hotel.split[person])}</span>
                </li>
              ))}
            </ul>
            <span className={styles.splitTotal}>
              {t('mockPercentTotal', { total: format.percent(100), full: format.percent(100) })}
            </span>
          </div>
          <span className={styles.mockSubmit}>{t('mockSubmit')}</span>
        </div>
      </div>
      <figcaption className="visually-hidden">
        {t('formMockCaption', { name: t('itemHotel'), amount: money(hotel.amount) })}
      </figcaption>
    </figure>
  );
}
