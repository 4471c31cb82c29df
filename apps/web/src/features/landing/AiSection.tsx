import { useTranslation } from 'react-i18next';
import type { AiExample } from './demo';
import styles from './landing.module.css';
import { PointList, Section } from './Section';
import { useDemo } from './useDemo';

export function AiSection() {
  const { t } = useTranslation('landing');
  const { scenario, money } = useDemo();
  const [example] = scenario.ai;
  const [first, second] = example?.draft.shares ?? [];
  return (
    <Section
      id="ai"
      kicker={t('aiKicker')}
      title={t('aiTitle')}
      lead={t('aiLead')}
      visual={
        <ul className={styles.aiExamples} aria-label={t('aiExamplesLabel')}>
          {scenario.ai.map((example) => (
            <AiExampleCard key={example.message} example={example} />
          ))}
        </ul>
      }
    >
      <PointList
        points={[
          { title: t('aiCasesTitle'), text: t('aiCasesText') },
          { title: t('aiAmountsTitle'), text: t('aiAmountsText') },
          {
            title: t('aiCentsTitle'),
            text: t('aiCentsText', {
              total: money(example?.draft.amount ?? 0),
              first: money(first?.[1] ?? 0),
              second: money(second?.[1] ?? 0),
              rounded: money(scenario.roundedDown),
            }),
          },
        ]}
      />
    </Section>
  );
}

/** A message as typed, the names it mentions marked, and the draft the assistant reads from it. */
function AiExampleCard({ example }: { example: AiExample }) {
  const { t } = useTranslation('landing');
  const { money, name } = useDemo();
  const who = (person: Parameters<typeof name>[0]) => (person === 'me' ? t('aiYou') : name(person));
  // Each person's part stays on one line; the list wraps between parts.
  const shares = example.draft.shares.map(([person, cents], index) => (
    <span key={person}>
      {index ? ' · ' : null}
      <span className={styles.nowrap}>{t('draftShare', { name: who(person), amount: money(cents) })}</span>
    </span>
  ));
  return (
    <li className={styles.aiExample}>
      <p className={styles.aiMessage}>
        <span className="visually-hidden">{t('aiMessageLabel')}: </span>
        {markNames(t(example.message))}
      </p>
      <div className={styles.aiDraft}>
        <p className={styles.aiDraftTitle}>
          <span className="visually-hidden">{t('aiDraftLabel')}: </span>
          {t(example.item)} · {money(example.draft.amount)}
        </p>
        <p className={styles.aiDraftLine}>{t('aiPaidBy', { name: who(example.draft.payer) })}</p>
        <p className={styles.aiDraftLine}>
          {t('aiSharedByLabel')} {shares}
        </p>
      </div>
    </li>
  );
}

/**
 * The message with its <name>…</name> parts marked (react-i18next's Trans would do it too, but
 * brings an HTML parser into this light page).
 */
export function markNames(text: string) {
  return text.split(/<name>(.*?)<\/name>/).map((part, index) =>
    // Odd parts are the captured names; the positions never change, so they make stable keys.
    index % 2 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions in a fixed text
      <mark key={index} className={styles.aiName}>
        {part}
      </mark>
    ) : (
      part
    ),
  );
}
