import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../ui/LogoMark';
import { BellIcon, ChartIcon, ClockIcon, SlidersIcon } from './icons';
import styles from './landing.module.css';
import { useDemo } from './useDemo';

/** The group screen of the app, drawn with the example group; a caption tells screen readers what it shows. */
export function GroupMock() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  const { scenario, format, money, name } = useDemo();
  const owed = Object.fromEntries(scenario.debts);

  return (
    <figure className={styles.figure}>
      <div className={styles.device} aria-hidden="true">
        <div className={styles.appBar}>
          <LogoMark className={styles.appBarMark} />
          <span className={styles.appBarName}>{tc('appName')}</span>
          <span className={styles.appBarIcon}>
            <BellIcon />
          </span>
          <span className={styles.appBarAvatar}>{name('me').slice(0, 1)}</span>
        </div>
        <div className={styles.screen}>
          <div className={styles.screenHead}>
            <span className={styles.screenTitle}>{t('groupName')}</span>
            <span className={styles.screenIcons}>
              <ChartIcon />
              <ClockIcon />
              <SlidersIcon />
            </span>
          </div>
          <div className={styles.mockCard}>
            <div className={styles.mockCardHead}>
              <span className={styles.mockCardTitle}>{t('mockDebtsTitle')}</span>
              <span className={styles.mockButton}>{t('mockSettleUp')}</span>
            </div>
            <ul className={styles.debts}>
              {scenario.debts.map(([who, cents]) => (
                <li key={who} className={styles.debt}>
                  <span>
                    {name(who)} → {t('mockToYou')}
                  </span>
                  <span className={styles.debtAmount}>{money(cents)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.mockListHead}>
            <span className={styles.mockCardTitle}>{t('mockExpensesTitle')}</span>
            <span className={styles.mockPrimary}>+ {t('mockAddExpense')}</span>
          </div>
          <ul className={styles.mockList}>
            {scenario.expenses.map((expense) => (
              <li key={expense.item} className={styles.mockRow}>
                <span className={styles.mockRowMain}>
                  <span className={styles.mockDate}>{format.monthDay(expense.date)}</span>
                  <span className={styles.mockName}>{t(expense.item)}</span>
                  <span className={styles.mockSub}>
                    {expense.payer === 'me'
                      ? t('mockYouPaid', { amount: money(expense.amount) })
                      : t('anyaPaid', { amount: money(expense.amount) })}
                  </span>
                </span>
                <span className={expense.mine >= 0 ? styles.lent : styles.borrowed}>
                  <span className={styles.partLabel}>
                    {expense.mine >= 0 ? t('mockYouLent') : t('mockYouBorrowed')}
                  </span>
                  <span className={styles.partAmount}>{money(Math.abs(expense.mine))}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <figcaption className="visually-hidden">
        {t('groupMockCaption', {
          group: t('groupName'),
          anya: money(owed.anya ?? 0),
          borya: money(owed.borya ?? 0),
        })}
      </figcaption>
    </figure>
  );
}
