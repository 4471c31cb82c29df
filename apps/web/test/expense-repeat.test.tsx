import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExpenseForm } from '../src/features/expense/ExpenseForm';
import { type FormMember, newDraft } from '../src/features/expense/model';
import { nextDates, REPEAT_OFF, startDay, toRecurrence } from '../src/features/expense/repeat';
import { ScopeDialog } from '../src/features/expense/ScopeDialog';
import { i18n } from '../src/i18n';

const ME = '00000000-0000-4000-8000-000000000001';
const ANYA = '00000000-0000-4000-8000-000000000002';
const members: FormMember[] = [
  { id: ME, name: 'Демо', share: 1, isCurrentUser: true, removed: false },
  { id: ANYA, name: 'Аня', share: 1, isCurrentUser: false, removed: false },
];

/** 31 January 2027 at noon in Moscow: the month ends make the next dates interesting. */
const JAN_31 = '2027-01-31T09:00:00.000Z';

function renderForm(timeZone: string | undefined, settlement = false) {
  const onSubmit = vi.fn();
  render(
    <ExpenseForm
      categories={[]}
      formId="expense-form"
      members={members}
      currency="RUB"
      timeZone={timeZone}
      initial={{
        ...newDraft(members),
        date: JAN_31,
        settlement,
        ...(settlement ? { recipientId: ANYA } : {}),
      }}
      submitLabel="Добавить"
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

beforeAll(async () => {
  await i18n.changeLanguage('ru');
  await i18n.loadNamespaces('recurring');
});
afterEach(cleanup);

describe('the Repeat chip (issue 28)', { timeout: 20_000 }, () => {
  it('is off by default; on, it repeats monthly and shows the next three dates with month ends kept', () => {
    const onSubmit = renderForm('Europe/Moscow');
    const chip = screen.getByRole('button', { name: 'Повтор' });
    expect(chip.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(chip);
    expect(screen.getByRole('button', { name: 'Каждый месяц' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Следующие: 28.02, 31.03, 30.04')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Раз в'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Единица'), { target: { value: 'week' } });
    expect(screen.getByRole('button', { name: 'Каждые 2 недели' })).toBeTruthy();
    expect(screen.getByText('Следующие: 14.02, 28.02, 14.03')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'После N раз' }));
    fireEvent.change(screen.getByLabelText('Сколько раз'), { target: { value: '2' } });
    expect(screen.getByText('Следующие: 14.02')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Аренда' } });
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(toRecurrence(onSubmit.mock.calls[0]![0].repeat)).toEqual({
      every: 2,
      unit: 'week',
      until: null,
      count: 2,
    });
  });

  it('refuses a bad rule at save, pointing at it, and can be turned off again', () => {
    const onSubmit = renderForm('Europe/Moscow');
    fireEvent.click(screen.getByRole('button', { name: 'Повтор' }));
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Аренда' } });
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Раз в'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Проверьте правило повтора')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Раз в'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Повторять' }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(toRecurrence(onSubmit.mock.calls[0]![0].repeat)).toBeNull();
  });

  it('is not offered for a settlement, nor without the group time zone', () => {
    renderForm('Europe/Moscow', true);
    expect(screen.queryByRole('button', { name: 'Повтор' })).toBeNull();
    cleanup();
    renderForm(undefined);
    expect(screen.queryByRole('button', { name: 'Повтор' })).toBeNull();
  });

  it("starts on the expense's day in the group's time zone, not the viewer's", () => {
    // 23:30 in UTC on 31 January is already 1 February in Moscow.
    expect(startDay('2027-01-31T23:30:00.000Z', 'Europe/Moscow')).toBe('2027-02-01');
    expect(startDay('2027-01-31T23:30:00.000Z', 'America/New_York')).toBe('2027-01-31');
    expect(nextDates('2027-01-31', { ...toRecurrence({ ...REPEAT_OFF, on: true })! })).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
  });
});

describe('the series scope dialog (issue 28)', () => {
  function Opener({ onChoose }: { onChoose(scope: string): void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Сохранить
        </button>
        <ScopeDialog
          open={open}
          onCancel={() => setOpen(false)}
          onChoose={(scope) => {
            setOpen(false);
            onChoose(scope);
          }}
        />
      </>
    );
  }

  it('offers only this one or this and the following; Escape cancels and focus goes back to the opener', async () => {
    const onChoose = vi.fn();
    render(<Opener onChoose={onChoose} />);
    const save = screen.getByRole('button', { name: 'Сохранить' });
    save.focus();
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Изменить повторяющийся расход' });
    expect(dialog.textContent).toContain('Только этот');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChoose).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(save));

    fireEvent.click(save);
    fireEvent.click(await screen.findByRole('button', { name: 'Этот и следующие' }));
    expect(onChoose).toHaveBeenCalledWith('following');
  });
});
