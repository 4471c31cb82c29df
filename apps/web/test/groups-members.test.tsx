import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewGroupForm, type NewGroupValues } from '../src/features/groups/NewGroupForm';
import { i18n } from '../src/i18n';
import { membersForCreate } from '../src/lib/members';

function setup() {
  const onSubmit = vi.fn<(values: NewGroupValues) => void>();
  const view = render(<NewGroupForm currentUserName="Demo" onSubmit={onSubmit} />);
  const memberInput = () => screen.getByLabelText('Member name');
  const addButton = () => screen.getByRole('button', { name: 'Add' });
  const memberRows = () =>
    within(view.container.querySelector('.member-list') as HTMLElement).getAllByRole('listitem');
  return { onSubmit, memberInput, addButton, memberRows };
}

describe('new group: members list (spec §4, §5)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('starts with the current user as admin with share 1 and no remove button', () => {
    const { memberRows } = setup();
    const rows = memberRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('Demo');
    expect(rows[0]!.textContent).toContain('(you)');
    expect(rows[0]!.textContent).toContain('admin');
    expect(rows[0]!.textContent).toContain('1');
    expect(within(rows[0]!).queryByRole('button', { name: /remove/i })).toBeNull();
  });

  it('refuses a blank or whitespace-only name with "Name required"', () => {
    const { memberInput, addButton, memberRows } = setup();
    fireEvent.click(addButton());
    expect(screen.getByRole('alert').textContent).toBe('Name required');
    fireEvent.change(memberInput(), { target: { value: '   ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(addButton());
    expect(screen.getByRole('alert').textContent).toBe('Name required');
    expect(memberInput().getAttribute('aria-invalid')).toBe('true');
    expect(memberRows()).toHaveLength(1);
  });

  it('adds a trimmed name with share 1 on Enter without submitting the form', () => {
    const { onSubmit, memberInput, memberRows } = setup();
    fireEvent.change(memberInput(), { target: { value: '  Anna  ' } });
    const enter = fireEvent.keyDown(memberInput(), { key: 'Enter' });
    expect(enter).toBe(false); // default prevented: no implicit submission
    expect(onSubmit).not.toHaveBeenCalled();
    expect(memberRows()).toHaveLength(2);
    expect(memberRows()[1]!.textContent).toContain('Anna');
    expect(screen.getByRole('group', { name: 'Share: Anna' }).textContent).toContain('1');
    expect((memberInput() as HTMLInputElement).value).toBe('');
    // Enter on an empty field refuses and still does not submit.
    fireEvent.keyDown(memberInput(), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Name required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the share stepper at 0 or above', () => {
    const { memberInput, addButton } = setup();
    fireEvent.change(memberInput(), { target: { value: 'Boris' } });
    fireEvent.click(addButton());
    const stepper = screen.getByRole('group', { name: 'Share: Boris' });
    const minus = within(stepper).getByRole('button', { name: 'Decrease share: Boris' }) as HTMLButtonElement;
    const plus = within(stepper).getByRole('button', { name: 'Increase share: Boris' });
    expect(minus.disabled).toBe(false);
    fireEvent.click(minus);
    expect(stepper.textContent).toContain('0');
    expect(minus.disabled).toBe(true);
    fireEvent.click(minus);
    expect(stepper.textContent).toContain('0');
    fireEvent.click(plus);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(within(stepper).getByRole('status').textContent).toBe('3');
  });

  it('removes an added member', () => {
    const { memberInput, addButton, memberRows } = setup();
    fireEvent.change(memberInput(), { target: { value: 'Vera' } });
    fireEvent.click(addButton());
    fireEvent.click(screen.getByRole('button', { name: 'Remove member Vera' }));
    expect(memberRows()).toHaveLength(1);
  });

  it('requires a group name on submit', () => {
    const { onSubmit } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Group name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Name required');
    expect(document.activeElement).toBe(name);
  });

  it('submits the trimmed name, RUB by default and members with temporary ids', () => {
    const { onSubmit, memberInput, addButton } = setup();
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: '  Trip  ' } });
    for (const name of ['Anna', 'Boris']) {
      fireEvent.change(memberInput(), { target: { value: name } });
      fireEvent.click(addButton());
    }
    fireEvent.click(screen.getByRole('button', { name: 'Increase share: Boris' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const values = onSubmit.mock.calls[0]![0];
    expect(values.name).toBe('Trip');
    expect(values.currency).toBe('RUB');
    expect(membersForCreate(values.members)).toEqual([
      { id: 'tmp-1', name: 'Anna', share: 1, isAdmin: false },
      { id: 'tmp-2', name: 'Boris', share: 2, isAdmin: false },
    ]);
  });

  it('adds friends with one tap, by their account id, each once', () => {
    const onSubmit = vi.fn<(values: NewGroupValues) => void>();
    const friends = [
      { id: 'dddddddd-0000-4000-8000-000000000001', name: 'Vera', username: 'vera', telegramUsername: null },
      {
        id: 'dddddddd-0000-4000-8000-000000000002',
        name: 'Gosha',
        username: 'gosha',
        telegramUsername: null,
      },
    ];
    render(<NewGroupForm currentUserName="Demo" friends={friends} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'Trip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Vera' }));
    expect((screen.getByRole('button', { name: 'Vera is added' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(membersForCreate(onSubmit.mock.calls[0]![0].members)).toEqual([
      { id: friends[0]!.id, name: 'Vera', share: 1, isAdmin: false },
    ]);
  });

  it('speaks Russian by default: "Имя обязательно"', async () => {
    await i18n.changeLanguage('ru');
    render(<NewGroupForm currentUserName="Демо" onSubmit={() => {}} />);
    fireEvent.keyDown(screen.getByLabelText('Имя участника'), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Имя обязательно');
    expect(screen.getByRole('button', { name: /Базовая валюта/ }).textContent).toContain('Российский рубль');
  });
});
