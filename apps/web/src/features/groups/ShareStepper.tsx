import { useTranslation } from 'react-i18next';
import './groups.css';

interface ShareStepperProps {
  value: number;
  onChange(value: number): void;
  /** The member's name, for the buttons' labels. */
  name: string;
}

/** A member's default share: an integer, minus disabled at 0, plus unbounded (spec §5, §9). */
export function ShareStepper({ value, onChange, name }: ShareStepperProps) {
  const { t } = useTranslation('groups');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a stepper is a labelled group of two buttons and a value, not a fieldset
    <div className="stepper" role="group" aria-label={t('shareOf', { name })}>
      <button
        type="button"
        className="stepper-btn"
        aria-label={t('shareDecrease', { name })}
        disabled={value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        −
      </button>
      <output className="stepper-value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="stepper-btn"
        aria-label={t('shareIncrease', { name })}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
