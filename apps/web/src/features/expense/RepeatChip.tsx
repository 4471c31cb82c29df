import { Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RepeatDraft } from './repeat';

/** The Repeat chip (issue 28): "Repeat" while off, the rule ("Every month") while on. */
export function RepeatChip(props: { controls: string; value: RepeatDraft; open: boolean; onClick(): void }) {
  const { t } = useTranslation('recurring');
  const { value } = props;
  const label = value.on ? t(`chipOn_${value.unit}`, { count: Number(value.every) || 1 }) : t('chip');
  return (
    <button
      type="button"
      className={value.on ? 'chip chip-filled' : 'chip'}
      aria-expanded={props.open}
      aria-controls={props.controls}
      onClick={props.onClick}
    >
      <Repeat size={16} aria-hidden="true" />
      {label}
    </button>
  );
}
