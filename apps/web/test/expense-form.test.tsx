import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExpenseForm } from '../src/features/expense/ExpenseForm';
import { type ExpenseDraft, type FormMember, newDraft, toApiInput } from '../src/features/expense/model';
import { i18n } from '../src/i18n';

const ME = '00000000-0000-4000-8000-000000000001';
const ANYA = '00000000-0000-4000-8000-000000000002';
const BORYA = '00000000-0000-4000-8000-000000000003';
const members: FormMember[] = [
  { id: ME, name: 'Демо', share: 1, isCurrentUser: true, removed: false },
  { id: ANYA, name: 'Аня', share: 1, isCurrentUser: false, removed: false },
  { id: BORYA, name: 'Боря', share: 1, isCurrentUser: false, removed: false },
];
const WARNING = 'Внимание: распределено не полностью';

/** Intl puts no-break spaces into ru-RU amounts. */
const text = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');

function renderForm(
  props: { initial?: ExpenseDraft; originalMode?: 'shares' | 'amounts' | 'percentages' } = {},
) {
  const onSubmit = vi.fn();
  render(
    <ExpenseForm
      categories={[]}
      formId="expense-form"
      members={members}
      currency="RUB"
      initial={props.initial ?? newDraft(members)}
      originalMode={props.originalMode}
      submitLabel="Добавить"
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

function rowOf(name: string) {
  const row = screen.getAllByRole('listitem').find((li) => li.textContent?.startsWith(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

beforeAll(async () => {
  await i18n.changeLanguage('ru');
});
afterEach(cleanup);

describe('ExpenseForm', () => {
  it('defaults the payer to the current user and splits by default shares live', () => {
    renderForm();
    expect((screen.getByLabelText('Кто платил') as HTMLSelectElement).value).toBe(ME);
    expect((screen.getByLabelText('Доля: Аня') as HTMLInputElement).value).toBe('1');
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '1 000,01' } });
    expect(text(rowOf('Демо'))).toContain('333,35 ₽');
    expect(text(rowOf('Аня'))).toContain('333,33 ₽');
    fireEvent.click(screen.getByRole('button', { name: 'Уменьшить долю: Боря' }));
    expect(text(rowOf('Боря'))).toContain('0,00 ₽');
    expect(text(rowOf('Демо'))).toContain('500,01 ₽');
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('warns, without blocking, when amounts do not add up', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Такси' } });
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Суммы' }));
    expect((screen.getByRole('radio', { name: 'Суммы' }) as HTMLInputElement).checked).toBe(true);
    // The amounts start from the split as it stands (3 × 33,33…); cleared to type them anew.
    fireEvent.click(screen.getByRole('button', { name: 'Очистить значения' }));
    fireEvent.change(screen.getByLabelText('Сумма: Демо (вы)'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Сумма: Аня'), { target: { value: '39,98' } });
    expect(screen.getByText(WARNING)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Сумма: Аня'), { target: { value: '39,99' } });
    expect(screen.queryByText(WARNING)).toBeNull();
    fireEvent.change(screen.getByLabelText('Сумма: Аня'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const input = toApiInput(onSubmit.mock.calls[0]![0], members, '');
    expect(input).toMatchObject({
      splitMethod: 'amounts',
      participants: [ME, ANYA],
      splitCents: { [ME]: 6000, [ANYA]: 3000 },
    });
  });

  it('clamps percentages and warns until they make 100 within 0.1', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('radio', { name: '%' }));
    fireEvent.click(screen.getByRole('button', { name: 'Очистить значения' }));
    fireEvent.change(screen.getByLabelText('Процент: Демо (вы)'), { target: { value: '150' } });
    expect((screen.getByLabelText('Процент: Демо (вы)') as HTMLInputElement).value).toBe('100');
    fireEvent.change(screen.getByLabelText('Процент: Демо (вы)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Процент: Аня'), { target: { value: '49.8' } });
    expect(screen.getByText(WARNING)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Процент: Аня'), { target: { value: '49.9' } });
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('ignores submit until name, amount and payer are set', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Название').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Пицца' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Пицца', amount: '12,5', payerId: ME });
  });

  it('on edit, resets amounts to zero when switching from another mode', () => {
    const initial = { ...newDraft(members), name: 'Гостиница', amount: '90', mode: 'percentages' as const };
    initial.amounts = { [ME]: '30', [ANYA]: '30', [BORYA]: '30' };
    renderForm({ initial, originalMode: 'percentages' });
    fireEvent.click(screen.getByRole('radio', { name: 'Суммы' }));
    expect((screen.getByLabelText('Сумма: Демо (вы)') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(WARNING)).toBeTruthy();
  });

  it('opens the date and notes chips', () => {
    const initial = { ...newDraft(members, new Date(2026, 2, 9, 10)) };
    renderForm({ initial });
    const chip = screen.getByRole('button', { name: 'Дата: 09.03.2026' });
    expect(screen.queryByLabelText('Дата')).toBeNull();
    fireEvent.click(chip);
    const field = screen.getByLabelText('Дата') as HTMLInputElement;
    expect(field.value).toBe('09.03.2026');
    fireEvent.change(field, { target: { value: '01.04.2026' } });
    expect(screen.getByRole('button', { name: 'Дата: 01.04.2026' })).toBeTruthy();
    // A day that does not exist is marked and changes nothing.
    fireEvent.change(field, { target: { value: '31.02.2026' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Дата: 01.04.2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Заметка' }));
    expect(screen.getByRole('textbox', { name: 'Заметка' })).toBeTruthy();
  });

  it('edits a settlement with the payer fixed and only the recipient to choose', () => {
    const initial = {
      ...newDraft(members),
      amount: '1000',
      mode: 'amounts' as const,
      payerId: BORYA,
      settlement: true,
      recipientId: ME,
    };
    const onSubmit = renderForm({ initial, originalMode: 'amounts' });
    expect(screen.queryByLabelText('Название')).toBeNull();
    expect((screen.getByLabelText('Кто платил') as HTMLSelectElement).disabled).toBe(true);
    // One way to split a payment: no split modes, no split help (issue 27).
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByText('Как разделить')).toBeNull();
    const recipient = screen.getByLabelText('Кому') as HTMLSelectElement;
    expect(
      within(recipient)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Демо (вы)', 'Аня']);
    fireEvent.change(recipient, { target: { value: ANYA } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ settlement: true, payerId: BORYA, recipientId: ANYA });
  });

  it('refuses an amount above the largest one instead of saving 1 000 000 000 000,00', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Яхта' } });
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '99 999 999 999 999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const amount = screen.getByLabelText('Сумма');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Сумма не больше 1 000 000 000 000')).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    fireEvent.change(amount, { target: { value: '1 000 000 000 000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('says in the form that nobody is in the split when every share is 0', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Такси' } });
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Очистить значения' }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/Никого нет в разделе/);
    expect(document.activeElement).toBe(alert);
  });

  it('starts a new expense at its name', () => {
    render(
      <ExpenseForm
        categories={[]}
        formId="f"
        members={members}
        currency="RUB"
        initial={newDraft(members)}
        focusName
        submitLabel="Добавить"
        onSubmit={vi.fn()}
      />,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Название'));
  });

  it('prefills amounts and percentages from the split as it stands when switching modes', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Уменьшить долю: Боря' }));
    fireEvent.click(screen.getByRole('radio', { name: '%' }));
    expect((screen.getByLabelText('Процент: Демо (вы)') as HTMLInputElement).value).toBe('50');
    expect((screen.getByLabelText('Процент: Аня') as HTMLInputElement).value).toBe('50');
    expect((screen.getByLabelText('Процент: Боря') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(WARNING)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Суммы' }));
    expect((screen.getByLabelText('Сумма: Демо (вы)') as HTMLInputElement).value).toBe('500');
    expect((screen.getByLabelText('Сумма: Аня') as HTMLInputElement).value).toBe('500');
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('converts an amount in euros at the suggested rate, and asks for a rate when there is none (issue 26)', () => {
    const onSubmit = vi.fn();
    const rate = { rate: '93.75', date: '2026-11-28', source: 'frankfurter' };
    render(
      <ExpenseForm
        categories={[]}
        formId="f"
        members={members}
        currency="RUB"
        initial={{ ...newDraft(members), name: 'Ужин' }}
        useRate={(query) => (query ? { status: 'ready', rate } : { status: 'none' })}
        submitLabel="Добавить"
        onSubmit={onSubmit}
      />,
    );
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: /Валюта суммы/ }));
    fireEvent.click(screen.getAllByRole('option').find((o) => o.textContent?.startsWith('EUR'))!);
    expect(text(document.querySelector('.rate-box')!)).toContain('45,00 € → 4 218,75 ₽');
    expect(text(document.querySelector('.rate-box')!)).toContain('1 € = 93,75 ₽ · Frankfurter, 28.11');
    // Shares split the converted amount: 4 218,75 ₽ in three.
    expect(text(rowOf('Демо'))).toContain('1 406,25 ₽');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    const saved = onSubmit.mock.calls[0]![0] as ExpenseDraft;
    expect(toApiInput(saved, members, 'x')).toMatchObject({
      amountCents: 421_875,
      original: { currency: 'EUR', amountCents: 4500, rate: '93.75', rateSource: 'fetched' },
    });
    cleanup();

    // No rate to be had: the form asks for it and saves nothing until it has one.
    const none = vi.fn();
    render(
      <ExpenseForm
        categories={[]}
        formId="g"
        members={members}
        currency="RUB"
        initial={{ ...newDraft(members), name: 'Ужин', amount: '30', currency: 'GEL' }}
        useRate={() => ({ status: 'unavailable' })}
        submitLabel="Добавить"
        onSubmit={none}
      />,
    );
    expect(screen.getByText('Курс не нашёлся. Введите его или сумму в валюте группы')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(none).not.toHaveBeenCalled();
    expect(screen.getByText('Введите курс или сумму в валюте группы')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Курс'));
    fireEvent.change(screen.getByLabelText('В валюте группы, RUB'), { target: { value: '1000' } });
    expect((screen.getByLabelText('Курс') as HTMLInputElement).value).toBe('33,3333333333');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(toApiInput(none.mock.calls[0]![0] as ExpenseDraft, members, 'x')).toMatchObject({
      amountCents: 100_000,
      original: { currency: 'GEL', amountCents: 3000, rate: '33.3333333333', rateSource: 'manual' },
    });
  });

  it('the currency button offers the group’s currency first, then the ones this group used, then all (issue 26)', () => {
    render(
      <ExpenseForm
        categories={[]}
        formId="f"
        members={members}
        currency="RUB"
        initial={{ ...newDraft(members), name: 'Ужин' }}
        usedCurrencies={['GEL', 'RUB', 'EUR']}
        submitLabel="Добавить"
        onSubmit={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Валюта суммы/ }));
    const sections = within(screen.getByRole('listbox')).getAllByRole('group');
    const codes = (section: HTMLElement) =>
      within(section)
        .getAllByRole('option')
        .map((option) => option.textContent?.slice(0, 3));
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Валюта группы',
      'Были в этой группе',
      expect.any(String),
    ]);
    expect(codes(sections[0]!)).toEqual(['RUB']);
    // Newest first, the group's own not repeated.
    expect(codes(sections[1]!)).toEqual(['GEL', 'EUR']);
    expect(codes(sections[2]!).length).toBeGreaterThan(100);
  });

  it('several payers: the rest to assign shown live, no save until it is zero (issue 26)', () => {
    const onSubmit = renderForm({ initial: { ...newDraft(members), name: 'Продукты', amount: '1000' } });
    fireEvent.change(screen.getByLabelText('Кто платил'), { target: { value: '__several__' } });
    fireEvent.change(screen.getByLabelText('Оплата: Аня'), { target: { value: '700' } });
    expect(screen.getByText('Осталось распределить 300,00 ₽')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Распределите всю сумму между плательщиками')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Оплата: Боря'), { target: { value: '400' } });
    expect(screen.getByText('Лишние 100,00 ₽')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Оплата: Боря'), { target: { value: '300' } });
    expect(text(screen.getByText(/Вся сумма распределена/))).toContain('Аня 700,00 ₽, Боря 300,00 ₽');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(toApiInput(onSubmit.mock.calls[0]![0] as ExpenseDraft, members, 'x')).toMatchObject({
      amountCents: 100_000,
      paidById: ANYA,
      payers: [
        { memberId: ANYA, amountCents: 70_000 },
        { memberId: BORYA, amountCents: 30_000 },
      ],
    });
  });
});
