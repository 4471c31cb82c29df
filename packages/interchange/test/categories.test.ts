import { describe, expect, it } from 'vitest';
import { dolyaCategory } from '../src';

describe('dolyaCategory', () => {
  it('maps Splitwise’s and Spliit’s English categories onto Dolya’s defaults, in any case or accent', () => {
    expect(
      [
        'Groceries',
        'Dining out',
        'Dining Out',
        'Bus/train',
        'Bus/Train',
        'Rent',
        'Plane',
        'Medical expenses',
      ].map(dolyaCategory),
    ).toEqual(['groceries', 'food', 'food', 'transport', 'transport', 'housing', 'travel', 'health']);
    expect(['TV/Phone/Internet', 'Heat/gas', 'Gifts', 'Clothing', 'General'].map(dolyaCategory)).toEqual([
      'utilities',
      'utilities',
      'gifts',
      'shopping',
      'general',
    ]);
  });

  it('reads back the names of Dolya’s own export', () => {
    expect(['Food & drink', 'Transport', 'Housing', 'Travel', 'Other'].map(dolyaCategory)).toEqual([
      'food',
      'transport',
      'housing',
      'travel',
      'other',
    ]);
  });

  it('gives none for a word it does not know', () => {
    expect(dolyaCategory('Продукты')).toBeUndefined();
    expect(dolyaCategory('')).toBeUndefined();
    expect(dolyaCategory('My own category')).toBeUndefined();
  });
});
