import { type Position, type PositionProblems, readPosition } from '@dolya/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../ui/return-focus';
import { centsToText } from './model';

interface PositionDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The position being edited; absent to add one. */
  initial?: Position | undefined;
  onSave(position: Position): void;
}

/** Add or edit a position (spec §5): name, quantity and amount, checked by the domain's rules. */
export function PositionDialog(props: PositionDialogProps) {
  const returnFocus = useReturnFocus(props.open);
  const { t } = useTranslation('expense');
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="dialog position-dialog"
          aria-describedby={undefined}
        >
          <Dialog.Title className="dialog-title">
            {props.initial ? t('editPosition') : t('addPosition')}
          </Dialog.Title>
          {/* Mounted afresh on every opening, so the fields start from the position. */}
          {props.open ? <PositionFields {...props} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PositionFields({ initial, onSave }: PositionDialogProps) {
  const { t, i18n } = useTranslation('expense');
  const { t: tc } = useTranslation();
  const uid = useId();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const [name, setName] = useState(initial?.name ?? '');
  const [quantity, setQuantity] = useState(initial ? String(initial.number).replace('.', decimal) : '');
  const [amount, setAmount] = useState(initial ? centsToText(initial.amountCents).replace('.', decimal) : '');
  const [problems, setProblems] = useState<PositionProblems>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    // The dialog sits inside the expense form's tree: keep this submit from reaching it.
    event.stopPropagation();
    const read = readPosition({ name, quantity, amount });
    if (!read.ok) {
      setProblems(read.problem);
      const first = (['name', 'quantity', 'amount'] as const).find((field) => read.problem[field]);
      document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    onSave(read.value);
  }

  const errorOf = (field: keyof PositionProblems) => {
    const problem = problems[field];
    if (!problem) return null;
    const text =
      field === 'name'
        ? t('positionNameRequired')
        : field === 'quantity'
          ? t('positionQuantityInvalid')
          : t(`positionAmount${problem as NonNullable<PositionProblems['amount']>}`);
    return (
      <span className="field-error" id={`${uid}-${field}-error`}>
        {text}
      </span>
    );
  };
  const invalid = (field: keyof PositionProblems) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${uid}-${field}-error` } : {};

  return (
    <form className="position-form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={`${uid}-name`}>
          {t('positionName')}
        </label>
        <input
          id={`${uid}-name`}
          className="input expense-input"
          value={name}
          maxLength={200}
          autoComplete="off"
          placeholder={t('positionNamePlaceholder')}
          aria-required="true"
          {...invalid('name')}
          onChange={(e) => setName(e.target.value)}
        />
        {errorOf('name')}
      </div>
      <div className="position-numbers">
        <div className="field">
          <label className="field-label" htmlFor={`${uid}-quantity`}>
            {t('positionQuantity')}
          </label>
          <input
            id={`${uid}-quantity`}
            className="input expense-input"
            inputMode="decimal"
            value={quantity}
            maxLength={12}
            autoComplete="off"
            placeholder="1"
            {...invalid('quantity')}
            onChange={(e) => setQuantity(e.target.value)}
          />
          {errorOf('quantity')}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${uid}-amount`}>
            {t('positionAmount')}
          </label>
          <input
            id={`${uid}-amount`}
            className="input expense-input position-amount"
            inputMode="decimal"
            value={amount}
            maxLength={20}
            autoComplete="off"
            placeholder="0"
            aria-required="true"
            {...invalid('amount')}
            onChange={(e) => setAmount(e.target.value)}
          />
          {errorOf('amount')}
        </div>
      </div>
      <div className="dialog-actions">
        <Dialog.Close className="btn btn-ghost" type="button">
          {tc('cancel')}
        </Dialog.Close>
        <button type="submit" className="btn btn-primary">
          {initial ? t('positionSave') : t('positionAdd')}
        </button>
      </div>
    </form>
  );
}
