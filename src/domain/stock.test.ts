import { describe, expect, it } from 'vitest';
import { stockLevel, stockSummary } from './stock';

describe('stockLevel', () => {
  it('reads 0 as out, 1 to 10 as low and more than 10 as in stock', () => {
    expect(stockLevel(0)).toBe('OUT_OF_STOCK');
    expect(stockLevel(1)).toBe('LOW_STOCK');
    expect(stockLevel(10)).toBe('LOW_STOCK');
    expect(stockLevel(11)).toBe('IN_STOCK');
  });
});

describe('stockSummary', () => {
  it('counts parts above 0 as in stock and 1 to 10 as low', () => {
    expect(stockSummary([{ stock: 0 }, { stock: 1 }, { stock: 10 }, { stock: 11 }])).toEqual({
      total: 4,
      inStock: 3,
      lowStock: 2,
    });
  });
});
