import type { SnapshotItem } from '@dolya/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExpenseForm } from '../src/features/expense/ExpenseForm';
import { addItem, type FormItem, setItemSplit } from '../src/features/expense/items-model';
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

/** Intl puts no-break spaces into ru-RU amounts. */
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s/g, ' ');

function receipt(): FormItem[] {
  let items = addItem([], { name: 'Пицца', number: 1, amountCents: 80_000 });
  items = addItem(items, { name: 'Вино', number: 2, amountCents: 120_000 });
  return addItem(items, { name: 'Десерт', number: 1, amountCents: 35_000 });
}

function renderForm(
  options: {
    items?: FormItem[];
    canManageItems?: boolean;
    snapshot?: SnapshotItem[] | null;
    snapshotCurrency?: string;
    currency?: string;
  } = {},
) {
  const onSubmit = vi.fn();
  const initial: ExpenseDraft = {
    ...newDraft(members),
    name: 'Чек',
    items: options.items ?? [],
    currency: options.currency ?? '',
  };
  render(
    <ExpenseForm
      categories={[]}
      formId="expense-form"
      members={members}
      currency="RUB"
      initial={initial}
      submitLabel="Сохранить расход"
      canManageItems={options.canManageItems ?? true}
      snapshot={options.snapshot ?? null}
      snapshotCurrency={options.snapshotCurrency}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

const section = () => screen.getByRole('region', { name: 'Позиции' });
const position = (name: string) => {
  const item = within(section())
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(name));
  if (!item) throw new Error(`no position ${name}`);
  return item;
};
const pressPosition = (name: string) => fireEvent.click(within(position(name)).getAllByRole('button')[0]!);
const chip = (name: string) => within(section()).getByRole('button', { name });
const openMenu = (name: string) => {
  fireEvent.keyDown(screen.getByRole('button', { name: `Действия: ${name}` }), { key: 'Enter' });
  return screen.getByRole('menu');
};

beforeEach(async () => {
  await i18n.changeLanguage('ru');
});
afterEach(cleanup);

describe('the positions of the expense form', () => {
  it('opens from the positions chip, and adds a position only when name and amount are right', () => {
    renderForm();
    const toggle = screen.getByRole('button', { name: 'Позиции: 0' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(section()).getByText('Позиций пока нет')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Добавить позицию' }));
    const dialog = screen.getByRole('dialog', { name: 'Добавить позицию' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(within(dialog).getByText('Введите название')).toBeTruthy();
    expect(within(dialog).getByText('Введите сумму')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: '  Пицца ' } });
    for (const [typed, message] of [
      ['12,345', 'Не больше двух знаков после запятой'],
      ['1.2.3', 'Только цифры и один разделитель, например 120,50'],
      ['1234567890123456', 'Не больше 15 символов'],
      ['0', 'Сумма должна быть больше нуля'],
    ] as const) {
      fireEvent.change(within(dialog).getByLabelText('Сумма'), { target: { value: typed } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    fireEvent.change(within(dialog).getByLabelText('Количество'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Сумма'), { target: { value: '800,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(text(position('Пицца'))).toContain('×2');
    expect(text(position('Пицца'))).toContain('800,50 ₽');
    expect(text(position('Пицца'))).toContain('Пока никто');
    expect(screen.getByRole('button', { name: 'Позиции: 1' })).toBeTruthy();
  });

  it('puts the chosen member on the positions pressed; the positions then decide the expense', () => {
    const onSubmit = renderForm({ items: receipt() });
    // Nothing happens to a position before a member is chosen.
    expect((within(position('Пицца')).getAllByRole('button')[0] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(chip('Аня'));
    expect(chip('Аня').getAttribute('aria-pressed')).toBe('true');
    pressPosition('Пицца');
    pressPosition('Вино');
    fireEvent.click(chip('Боря'));
    pressPosition('Пицца');
    fireEvent.click(chip('Демо'));
    pressPosition('Десерт');
    pressPosition('Вино');
    expect(within(position('Вино')).getAllByRole('button')[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(text(position('Пицца'))).toContain('Аня, Боря');

    const totals = within(section()).getByRole('list', { name: 'Доля каждого' });
    expect(text(totals)).toContain('Демо (вы)950,00 ₽');
    expect(text(totals)).toContain('Аня1 000,00 ₽');
    expect(text(totals)).toContain('Боря400,00 ₽');
    expect(text(section())).toContain('Итого по позициям: 2 350,00 ₽');

    const amount = screen.getByLabelText('Сумма') as HTMLInputElement;
    expect(amount.readOnly).toBe(true);
    expect(amount.value).toBe('2350');
    // Only amounts mode is offered once the positions decide.
    expect((screen.getByRole('radio', { name: 'Суммы' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Доли' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: '%' }) as HTMLInputElement).disabled).toBe(true);

    // A second press takes the member off again.
    pressPosition('Десерт');
    expect(text(position('Десерт'))).toContain('Пока никто');
    expect(text(section())).toContain('Не распределено: 350,00 ₽');

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить расход' }));
    const input = toApiInput(onSubmit.mock.calls[0]![0], members, '');
    expect(input).toMatchObject({
      amountCents: 235_000,
      splitMethod: 'amounts',
      splitCents: { [ME]: 60_000, [ANYA]: 100_000, [BORYA]: 40_000 },
    });
    expect(input.items?.map((i) => i.split)).toEqual([
      { method: 'members', memberIds: [ANYA, BORYA] },
      { method: 'members', memberIds: [ME, ANYA] },
      { method: 'members', memberIds: [] },
    ]);
  });

  it('offers the item menu: assign to everyone, take everyone off, delete', async () => {
    renderForm({ items: receipt() });
    const menu = openMenu('Пицца');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Назначить всем', 'Снять всех', 'Изменить', 'Разделить по долям, суммам или %', 'Удалить']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Назначить всем' }));
    expect(text(position('Пицца'))).toContain('Демо, Аня, Боря');
    fireEvent.click(within(openMenu('Пицца')).getByRole('menuitem', { name: 'Снять всех' }));
    expect(text(position('Пицца'))).toContain('Пока никто');
    fireEvent.click(within(openMenu('Десерт')).getByRole('menuitem', { name: 'Удалить' }));
    // The list settles after the delete's lazily loaded code: more than waitFor's second under load (CI).
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Позиции: 2' })).toBeTruthy(), {
      timeout: 8000,
    });
    expect(() => position('Десерт')).toThrow('no position Десерт');
  });

  it('leaves only the member chips to someone who is neither an admin nor the creator', () => {
    renderForm({ items: receipt(), canManageItems: false });
    expect(screen.queryByRole('button', { name: 'Действия: Пицца' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Добавить позицию' })).toBeNull();
    fireEvent.click(chip('Боря'));
    pressPosition('Вино');
    expect(text(position('Вино'))).toContain('Боря');
  });

  it('splits a position by percentages in the dialog, refusing what does not make 100 %', () => {
    const onSubmit = renderForm({ items: receipt() });
    fireEvent.click(
      within(openMenu('Вино')).getByRole('menuitem', { name: 'Разделить по долям, суммам или %' }),
    );
    return vi
      .waitFor(() => screen.getByRole('dialog', { name: 'Разделить «Вино»' }))
      .then((dialog) => {
        fireEvent.click(within(dialog).getByRole('radio', { name: '%' }));
        const apply = within(dialog).getByRole('button', { name: 'Применить' }) as HTMLButtonElement;
        fireEvent.change(within(dialog).getByLabelText('Процент: Демо (вы)'), { target: { value: '50' } });
        fireEvent.change(within(dialog).getByLabelText('Процент: Аня'), { target: { value: '40' } });
        expect(text(within(dialog).getByRole('status'))).toBe('Проценты должны составить 100 %, сейчас 90 %');
        expect(apply.disabled).toBe(true);
        // Capped at 100 as typed; negatives become 0.
        fireEvent.change(within(dialog).getByLabelText('Процент: Боря'), { target: { value: '150' } });
        expect((within(dialog).getByLabelText('Процент: Боря') as HTMLInputElement).value).toBe('100');
        expect(text(within(dialog).getByRole('status'))).toBe('Проценты в сумме не могут превышать 100,1 %');
        fireEvent.change(within(dialog).getByLabelText('Процент: Боря'), { target: { value: '-3' } });
        expect((within(dialog).getByLabelText('Процент: Боря') as HTMLInputElement).value).toBe('0');
        fireEvent.change(within(dialog).getByLabelText('Процент: Боря'), { target: { value: '10' } });
        expect(text(within(dialog).getByRole('status'))).toBe('Всё распределено');
        expect(apply.disabled).toBe(false);
        fireEvent.click(apply);
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(text(position('Вино'))).toContain('Демо 50 % · Аня 40 % · Боря 10 %');

        fireEvent.click(screen.getByRole('button', { name: 'Сохранить расход' }));
        const input = toApiInput(onSubmit.mock.calls[0]![0], members, '');
        expect(input.items![1]!.split).toEqual({
          method: 'percentages',
          percents: { [ME]: 50, [ANYA]: 40, [BORYA]: 10 },
        });
        expect(input.splitCents).toEqual({ [ME]: 60_000, [ANYA]: 48_000, [BORYA]: 12_000 });
      });
  });

  it('says what is wrong with amounts: above the item, or not adding up to it', async () => {
    const items = receipt();
    renderForm({
      items: setItemSplit(items, items[0]!.key, { method: 'amounts', cents: { [ANYA]: 80_000 } }),
    });
    fireEvent.click(
      within(openMenu('Пицца')).getByRole('menuitem', { name: 'Разделить по долям, суммам или %' }),
    );
    const dialog = await vi.waitFor(() => screen.getByRole('dialog', { name: 'Разделить «Пицца»' }));
    expect((within(dialog).getByRole('radio', { name: 'Суммы' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Сумма: Боря'), { target: { value: '0,01' } });
    expect(text(within(dialog).getByRole('status'))).toBe('Сумма не может превышать сумму позиции');
    fireEvent.change(within(dialog).getByLabelText('Сумма: Аня'), { target: { value: '700' } });
    expect(text(within(dialog).getByRole('status'))).toBe('Суммы должны составить 800,00 ₽, сейчас 700,01 ₽');
    fireEvent.change(within(dialog).getByLabelText('Сумма: Боря'), { target: { value: '99,99' } });
    // A cent short is within 0.01: the cent goes to the first member in group order.
    expect(text(within(dialog).getByRole('status'))).toBe('Всё распределено');
  });

  it('toggles to the positions as first recognised, read-only', () => {
    const snapshot: SnapshotItem[] = [
      { name: 'пицца', number: 1, amountCents: 80_000, split: { method: 'members', memberIds: [ANYA] } },
    ];
    renderForm({ items: receipt(), snapshot });
    fireEvent.click(screen.getByRole('radio', { name: 'Исходные' }));
    expect(text(section())).toContain('Позиции такими, какими их впервые распознал бот');
    expect(text(position('пицца'))).toContain('Аня');
    expect(within(section()).queryAllByRole('button')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Текущие' }));
    expect(text(position('Вино'))).toContain('1 200,00 ₽');
  });

  it('shows the first recognised positions of a euro receipt in euros, as the current ones (issue 26)', () => {
    // The edit page passes the snapshot already in the currency paid (snapshotAsPaid).
    const snapshot: SnapshotItem[] = [
      { name: 'пицца', number: 1, amountCents: 1250, split: { method: 'members', memberIds: [ANYA] } },
    ];
    renderForm({ items: receipt(), snapshot, snapshotCurrency: 'EUR', currency: 'EUR' });
    expect(text(position('Вино'))).toContain('1 200,00 €');
    fireEvent.click(screen.getByRole('radio', { name: 'Исходные' }));
    expect(text(position('пицца'))).toContain('12,50 €');
    expect(text(position('пицца'))).not.toContain('₽');
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    renderForm({ items: receipt() });
    expect(screen.getByRole('region', { name: 'Items' })).toBeTruthy();
    expect(screen.getByText('Choose a member, then tap the items they share.')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Actions: Вино' }), { key: 'Enter' });
    expect(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Assign to everyone' }),
    ).toBeTruthy();
  });
});
