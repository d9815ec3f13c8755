import { describe, expect, it } from 'vitest';
import { isKeysetPage, keysetAfter } from './rest-keyset';
import { parseQuery, type LogicGroup } from './rest-query';

const parse = (query: string) => parseQuery(new URLSearchParams(query));
const group = (query: string) => parse(query).filters[0] as LogicGroup;
const at = '2026-01-01T00:00:00.5Z';
/** The checkpoint filter exactly as RxDB's Supabase replication writes it. */
const rxdb = `or=("updated_at".gt.${at},and("updated_at".eq.${at},"id".gt.7))`;

describe('keysetAfter: the row comparison a keyset OR means', () => {
  it("reads RxDB's checkpoint as (updated_at, id) > (X, Y)", () => {
    expect(keysetAfter(group(rxdb))).toEqual({
      columns: ['updated_at', 'id'],
      after: [at, '7'],
      inclusive: false,
    });
  });

  it('takes the branches and the tie-break in either order, and gte as >=', () => {
    expect(keysetAfter(group('or=(and(id.gt.7,stock.eq.4),stock.gt.4)'))).toEqual({
      columns: ['stock', 'id'],
      after: ['4', '7'],
      inclusive: false,
    });
    expect(keysetAfter(group('or=(stock.gt.4,and(stock.eq.4,id.gte.7))'))?.inclusive).toBe(true);
  });

  it('leaves any other OR as written', () => {
    for (const query of [
      'or=(updated_at.gt.1,and(updated_at.eq.2,id.gt.7))', // two checkpoints
      'or=(updated_at.gt.1,and(stock.eq.1,id.gt.7))', // the tie on another column
      'or=(updated_at.gt.1,and(updated_at.eq.1,updated_at.gt.7))', // no second column
      'or=(updated_at.gte.1,and(updated_at.eq.1,id.gt.7))', // gte first: not a keyset
      'or=(updated_at.lt.1,and(updated_at.eq.1,id.lt.7))', // descending
      'or=(updated_at.gt.1,not.and(updated_at.eq.1,id.gt.7))',
      'or=(updated_at.gt.1,and(updated_at.not.eq.1,id.gt.7))',
      'not.or=(updated_at.gt.1,and(updated_at.eq.1,id.gt.7))',
      'or=(updated_at.gt.1,and(updated_at.eq.1,id.gt.7),id.eq.3)', // a third branch
      'or=(updated_at.gt.1,and(updated_at.eq.1,id.gt.7,stock.eq.1))', // a third condition
      'and=(updated_at.gt.1,and(updated_at.eq.1,id.gt.7))',
      'or=(updated_at.gt.1,or(updated_at.eq.1,id.gt.7))',
    ]) {
      expect(keysetAfter(group(query)), query).toBeUndefined();
    }
  });
});

describe('isKeysetPage: a page in (updated_at, id) order and nothing else', () => {
  it("is RxDB's first page and every page after a checkpoint", () => {
    expect(isKeysetPage(parse('select=*&order=updated_at.asc,id.asc&limit=2000'))).toBe(true);
    expect(isKeysetPage(parse(`select=*&${rxdb}&order=updated_at.asc,id.asc&limit=2000`))).toBe(
      true,
    );
  });

  it('is not a list with another order, an offset, no limit or a filter of its own', () => {
    for (const query of [
      'order=updated_at.desc,id.desc&limit=50',
      'order=updated_at.asc&limit=50',
      'order=updated_at.asc,id.asc,name.asc&limit=50',
      'order=created_at.asc,id.asc&limit=50',
      'order=updated_at.asc,id.asc',
      'order=updated_at.asc,id.asc&limit=50&offset=50',
      `order=updated_at.asc,id.asc&limit=50&${rxdb}&status=eq.OPEN`,
      'order=updated_at.asc,id.asc&limit=50&status=eq.OPEN',
      'order=updated_at.asc,id.asc&limit=50&or=(stock.gt.4,and(stock.eq.4,id.gt.7))',
    ]) {
      expect(isKeysetPage(parse(query)), query).toBe(false);
    }
  });
});
