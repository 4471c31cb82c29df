import { describe, expect, it } from 'vitest';
import { logText } from '../src/features/group/log-text';
import { group as en } from '../src/i18n/en/group';
import { group as ru } from '../src/i18n/ru/group';

describe('activity log text', () => {
  it('renders known actions from their details', () => {
    expect(
      logText({
        action: 'EXPENSE_CREATED',
        message: 'Демо added "Пицца" (1200.00 RUB)',
        details: { expenseId: 'x', name: 'Пицца', amount: '1200.00' },
      }),
    ).toEqual({ key: 'logExpenseCreated', name: 'Пицца', amount: '1200.00' });
    expect(logText({ action: 'GROUP_UPDATED', message: 'Демо renamed', details: {} })).toEqual({
      key: 'logGroupUpdated',
      name: '',
      amount: undefined,
    });
  });

  it('falls back to the server message for unknown actions or missing details', () => {
    expect(logText({ action: 'MEMBER_ADDED', message: 'Демо added Боря', details: null })).toEqual({
      message: 'Демо added Боря',
    });
    expect(logText({ action: 'EXPENSE_DELETED', message: 'm', details: { name: 'x' } })).toEqual({
      message: 'm',
    });
  });

  it('every group key exists in both languages', () => {
    for (const key of Object.keys(ru)) expect(en).toHaveProperty(key);
    for (const key of Object.keys(en)) expect(ru).toHaveProperty(key);
  });
});
