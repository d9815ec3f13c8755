import { describe, expect, it } from 'vitest';
import { partRequestItemCount, partRequestTotal } from './admin-part-requests';

describe('part request figures', () => {
  it('counts items as the sum of quantities', () => {
    expect(partRequestItemCount([{ qty: 2 }, { qty: 3 }])).toBe(5);
    expect(partRequestItemCount([])).toBe(0);
  });

  it('totals at catalogue prices, unknown parts counting 0', () => {
    expect(
      partRequestTotal([
        { qty: 2, part: { price: 10.5 } },
        { qty: 1, part: null },
      ]),
    ).toBe(21);
  });
});
