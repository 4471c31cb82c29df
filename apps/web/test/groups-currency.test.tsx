import { CURRENCIES } from '@dolya/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n';
import { CurrencyPicker } from '../src/ui/CurrencyPicker';

function Harness({ initial = 'RUB' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CurrencyPicker label="Base currency" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const codes = () => screen.getAllByRole('option').map((o) => o.querySelector('.currency-code')?.textContent);
const search = () => screen.getByRole('combobox', { name: /search currency|поиск валюты/i });
const position = (code: string) => CURRENCIES.findIndex((c) => c.code === code);

function open() {
  fireEvent.click(screen.getByRole('button', { name: /base currency/i }));
}

describe('currency picker (spec §9)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('shows the selected code and name, and opens the whole list in the spec order', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: /base currency/i });
    expect(button.textContent).toContain('RUB');
    expect(button.textContent).toContain('Russian Ruble');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    open();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(codes()).toEqual(CURRENCIES.map((c) => c.code));
    expect(codes().slice(0, 3)).toEqual(['RUB', 'EUR', 'USD']);
    // Focus goes to the search box, and the chosen currency is the active option.
    expect(document.activeElement).toBe(search());
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('RUB');
  });

  it('searches by code, case-insensitively', () => {
    render(<Harness />);
    open();
    fireEvent.change(search(), { target: { value: 'gel' } });
    expect(codes()).toEqual(['GEL']);
  });

  it('searches by English name and keeps the spec order', () => {
    render(<Harness />);
    open();
    fireEvent.change(search(), { target: { value: 'dollar' } });
    const found = codes();
    expect(found[0]).toBe('USD');
    expect(found).toContain('AUD');
    expect(found).toContain('CAD');
    const positions = found.map((code) => position(code!));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('searches by Russian name in either interface language, keeping the order', () => {
    render(<Harness />);
    open();
    fireEvent.change(search(), { target: { value: 'рубль' } });
    const found = codes();
    expect(found.slice(0, 2)).toEqual(['RUB', 'BYN']);
    const positions = found.map((code) => position(code!));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    fireEvent.change(search(), { target: { value: 'тенге' } });
    expect(codes()).toEqual(['KZT']);
  });

  it('says when nothing matches', () => {
    render(<Harness />);
    open();
    fireEvent.change(search(), { target: { value: 'zzzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing found')).toBeTruthy();
  });

  it('moves with the arrows, picks with Enter and returns focus to the button', () => {
    render(<Harness />);
    open();
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toContain('USD');
    expect(search().getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(search(), { key: 'ArrowUp' });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('EUR');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /base currency/i }));
  });

  it('picks the first match with Enter after typing, and closes on Escape without a change', () => {
    render(<Harness />);
    open();
    fireEvent.change(search(), { target: { value: 'euro' } });
    fireEvent.keyDown(search(), { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('EUR');
    open();
    fireEvent.keyDown(search(), { key: 'ArrowDown' });
    fireEvent.keyDown(search(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('EUR');
  });

  it('picks with a click', () => {
    render(<Harness />);
    open();
    fireEvent.change(search(), { target: { value: 'kzt' } });
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option'));
    expect(screen.getByTestId('value').textContent).toBe('KZT');
  });

  it('shows the name in Russian when the interface is Russian', async () => {
    await i18n.changeLanguage('ru');
    render(<Harness initial="EUR" />);
    expect(screen.getByRole('button', { name: /base currency/i }).textContent).toContain('Евро');
  });
});
