import { useTranslation } from 'react-i18next';
import { ExpenseFormMock } from './ExpenseFormMock';
import styles from './landing.module.css';
import { PointList, Section } from './Section';

export function ManualSection() {
  const { t } = useTranslation('landing');
  return (
    <Section
      id="manual"
      kicker={t('manualKicker')}
      title={t('manualTitle')}
      lead={t('manualLead')}
      visual={<ExpenseFormMock />}
    >
      <PointList
        points={[
          { title: t('manualSharesTitle'), text: t('manualSharesText') },
          { title: t('manualAmountsTitle'), text: t('manualAmountsText') },
          { title: t('manualPercentTitle'), text: t('manualPercentText') },
          { title: t('manualItemsTitle'), text: t('manualItemsText') },
          { title: t('manualSettleTitle'), text: t('manualSettleText') },
          { title: t('manualFewestTitle'), text: t('manualFewestText') },
        ]}
      />
      <p className={styles.more}>{t('manualMore')}</p>
    </Section>
  );
}
