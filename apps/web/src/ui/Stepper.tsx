import { MAX_SHARE } from '@dolya/domain';
import { useTranslation } from 'react-i18next';
import styles from './Stepper.module.css';

interface StepperProps {
  value: number;
  onChange(value: number): void;
  /** The member's name, for the labels. */
  name: string;
  /** With an id the value is a number field one can type into (and a label can point at). */
  inputId?: string;
}

/** A member's share, a whole number from 0 to MAX_SHARE: − disabled at 0, + at the maximum. */
export function ShareStepper({ value, onChange, name, inputId }: StepperProps) {
  const { t } = useTranslation();
  const set = (next: number) => onChange(Math.min(MAX_SHARE, Math.max(0, next)));
  return (
    // With a field, the field carries the name; a group of the same name would say it twice.
    // biome-ignore lint/a11y/useSemanticElements: a stepper is a labelled group of two buttons and a value, not a fieldset
    <div className={styles.stepper} role="group" aria-label={inputId ? undefined : t('shareOf', { name })}>
      <button
        type="button"
        className={styles.button}
        aria-label={t('decreaseShare', { name })}
        disabled={value <= 0}
        onClick={() => set(value - 1)}
      >
        −
      </button>
      {inputId ? (
        <input
          id={inputId}
          className={styles.value}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_SHARE}
          step={1}
          aria-label={t('shareOf', { name })}
          value={value}
          onChange={(e) => set(Math.trunc(Number(e.target.value) || 0))}
        />
      ) : (
        <output className={styles.value} aria-live="polite">
          {value}
        </output>
      )}
      <button
        type="button"
        className={styles.button}
        aria-label={t('increaseShare', { name })}
        disabled={value >= MAX_SHARE}
        onClick={() => set(value + 1)}
      >
        +
      </button>
    </div>
  );
}
