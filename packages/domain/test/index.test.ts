import { describe, expect, it } from 'vitest';
import * as domain from '../src/index';

describe('@dolya/domain', () => {
  it('exports the agreed API', () => {
    const names = [
      'DomainError',
      'MAX_AMOUNT_CENTS',
      'parseAmount',
      'parseAmountLenient',
      'formatCents',
      'centsToDecimal',
      'sumCents',
      'splitExpense',
      'settlementSplit',
      'isFullyAllocated',
      'splitItems',
      'splitItem',
      'checkItemSplit',
      'toggleItemMember',
      'readPosition',
      'readSplitEntry',
      'itemSplitSchema',
      'computeBalances',
      'EXACT_DEBT_LIMIT',
      'greedyDebts',
      'simplifyDebts',
      'CURRENCIES',
      'isCurrencyCode',
      'findCurrency',
      'searchCurrencies',
    ];
    for (const name of names) expect(domain, name).toHaveProperty(name);
    expect(domain.MAX_AMOUNT_CENTS).toBe(100_000_000_000_000);
    expect(domain.EXACT_DEBT_LIMIT).toBe(20);
  });

  it('builds DomainError with code, message and field', () => {
    const error = new domain.DomainError('UNBALANCED', 'Does not add up', 'payers');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.code).toBe('UNBALANCED');
    expect(error.message).toBe('Does not add up');
    expect(error.field).toBe('payers');
    expect(new domain.DomainError('INVALID_AMOUNT', 'x').field).toBeUndefined();
  });
});
