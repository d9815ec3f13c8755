import { describe, expect, it } from 'vitest';
import { lowerBound, parseQuery, type LogicGroup } from './rest-query';

const group = (query: string) => parseQuery(new URLSearchParams(query)).filters[0] as LogicGroup;

describe('lowerBound: the bound every branch of an OR group implies', () => {
  it("finds RxDB's keyset checkpoint: updated_at >= X", () => {
    const at = '2026-01-01T00:00:00Z';
    expect(lowerBound(group(`or=(updated_at.gt.${at},and(updated_at.eq.${at},id.gt.7))`))).toEqual({
      column: 'updated_at',
      value: at,
    });
    expect(lowerBound(group('or=(stock.gte.4,stock.eq.4)'))).toEqual({
      column: 'stock',
      value: '4',
    });
  });

  it('finds none where a branch does not bound the column from below at the same value', () => {
    for (const query of [
      'or=(updated_at.gt.1,and(updated_at.eq.2,id.gt.7))', // two values
      'or=(updated_at.gt.1,and(stock.eq.1,id.gt.7))', // another column
      'or=(updated_at.gt.1,or(updated_at.eq.1,id.gt.7))', // an OR branch bounds nothing
      'or=(updated_at.gt.1,not.and(updated_at.eq.1,id.gt.7))', // negated
      'or=(updated_at.lt.1,updated_at.eq.1)', // from above
      'or=(updated_at.gt.1,updated_at.not.eq.1)',
      'and=(updated_at.gt.1,updated_at.eq.1)', // not an OR
      'or=(updated_at.gt.1)', // one branch: the filter itself is the bound
    ]) {
      expect(lowerBound(group(query)), query).toBeUndefined();
    }
  });
});
