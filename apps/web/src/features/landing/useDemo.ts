import type { Cents } from '@dolya/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { type Person, SCENARIOS } from './demo';

const NAME_KEYS = { me: 'nameMe', anya: 'nameAnya', borya: 'nameBorya' } as const;

/** The example group in the interface language: its figures, names and money formatting. */
export function useDemo() {
  const { t, i18n } = useTranslation('landing');
  const format = useFormat();
  const scenario = SCENARIOS[i18n.language === 'en' ? 'en' : 'ru'];
  return {
    scenario,
    format,
    money: (cents: Cents) => format.money(cents, scenario.currency),
    name: (person: Person) => t(NAME_KEYS[person]),
  };
}
