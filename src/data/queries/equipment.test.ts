// Equipment Search's index in memory (issue 19) finds exactly what SPEC's rule finds: for any
// equipment base and any search text, searchEquipmentIndex returns the chairs matchesEquipment
// accepts, in the same order (by serial number), and nothing for blank text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Chair, User } from '../../domain/entities';
import { chairRow, userRow } from '../../testing/rows';
import { openLocalDatabase } from '../db';
import {
  buildEquipmentIndex,
  INDEX_READ,
  loadEquipmentIndex,
  loadOpenTicketCounts,
  matchesEquipment,
  searchEquipmentIndex,
  type EquipmentMatch,
} from './equipment';
import { ticketRow } from '../../testing/rows';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

/** Text with the letters that change under lower-casing, spaces, digits and the odd control character. */
const text = fc.string({
  unit: fc.constantFrom(...'aAbBsS30U5-İıẞßΣσς é.@ \u0000'.split('')),
  maxLength: 12,
});
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const owner = fc.record({
  name: maybe(text),
  email: maybe(text),
  practice: maybe(fc.record({ name: maybe(text) })),
});
const chair = fc.record({
  serialNumber: text,
  model: fc.constantFrom('S30' as const, 'U500' as const),
  modelName: fc.option(text, { nil: undefined }),
  owner: maybe(fc.nat({ max: 5 })),
});

/** A base: owners, chairs (some without owner), and a search text, often cut from a field. */
const base = fc
  .record({ owners: fc.array(owner, { maxLength: 6 }), chairs: fc.array(chair, { maxLength: 25 }) })
  .chain(({ owners, chairs }) => {
    const users: User[] = owners.map((o) =>
      userRow({
        name: o.name,
        email: o.email,
        practice: o.practice ? { name: o.practice.name ?? '', type: 'DENTAL' } : null,
      }),
    );
    const matches: EquipmentMatch[] = chairs.map((c) => {
      const user = c.owner === null ? null : (users[c.owner] ?? null);
      const row: Chair = chairRow({
        serialNumber: c.serialNumber,
        model: c.model,
        ownerUserId: user?.id ?? null,
      });
      if (c.modelName !== undefined) row.modelName = c.modelName;
      return { chair: row, owner: user };
    });
    const fields = matches.flatMap(({ chair: c, owner: u }) =>
      [c.serialNumber, c.modelName, u?.name, u?.email, u?.practice?.name].filter((v): v is string =>
        Boolean(v),
      ),
    );
    const cut =
      fields.length === 0
        ? text
        : fc
            .tuple(fc.constantFrom(...fields), fc.nat(), fc.nat(), fc.boolean(), text)
            .map(([field, a, b, upper, pad]) => {
              const piece = field.slice(Math.min(a, b) % (field.length + 1), Math.max(a, b) + 1);
              return `${pad.slice(0, 1)}${upper ? piece.toUpperCase() : piece}${pad.slice(1, 2)}`;
            });
    return fc.record({ matches: fc.constant(matches), term: fc.oneof(text, cut, cut) });
  });

const plainRule = (matches: EquipmentMatch[], term: string) =>
  matches
    .filter(({ chair: c, owner: u }) => matchesEquipment(c, u, term))
    .sort((a, b) => a.chair.serialNumber.localeCompare(b.chair.serialNumber))
    .map((m) => m.chair.id);

describe('equipment index', () => {
  it('returns exactly what the plain rule returns, in the same order', () => {
    fc.assert(
      fc.property(base, ({ matches, term }) => {
        const index = buildEquipmentIndex(matches);
        const found = searchEquipmentIndex(index, term).map((m) => m.chair.id);
        expect(found).toEqual(plainRule(matches, term));
      }),
      { numRuns: RUNS },
    );
  });

  it('finds chairs by each searched field, ignoring case and surrounding spaces', () => {
    const alice = userRow({
      name: 'Alice Brown',
      email: 'alice@riverside.example',
      practice: { name: 'Riverside Dental', type: 'DENTAL' },
    });
    const s30 = {
      chair: chairRow({ serialNumber: 'S30-23-00412', ownerUserId: alice.id }),
      owner: alice,
    };
    const u500 = { chair: chairRow({ serialNumber: 'U500-1', model: 'U500' }), owner: null };
    const index = buildEquipmentIndex([u500, s30]);
    const ids = (term: string) =>
      searchEquipmentIndex(index, term).map((m) => m.chair.serialNumber);
    expect(ids('00412')).toEqual(['S30-23-00412']);
    expect(ids('  AMBIDEXTROUS ')).toEqual(['U500-1']);
    expect(ids('brown')).toEqual(['S30-23-00412']);
    expect(ids('riverside dental')).toEqual(['S30-23-00412']);
    expect(ids('RIVERSIDE.EXAMPLE')).toEqual(['S30-23-00412']);
    expect(ids('s')).toEqual(['S30-23-00412', 'U500-1']);
    expect(ids('   ')).toEqual([]);
    // Two fields side by side are not one text.
    expect(ids('00412s30')).toEqual([]);
  });

  it('counts the active tickets of the chairs asked for from the index', async () => {
    const db = openLocalDatabase('x', { name: `test-${crypto.randomUUID()}` });
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    await db.supportTickets.bulkPut([
      ticketRow({ chairId: a, status: 'OPEN' }),
      ticketRow({ chairId: a, status: 'IN_PROGRESS' }),
      ticketRow({ chairId: a, status: 'RESOLVED' }),
      ticketRow({ chairId: b, status: 'CLOSED' }),
      ticketRow({ chairId: b, status: 'OPEN' }),
      ticketRow({ chairId: null, status: 'OPEN' }),
    ]);
    const none = crypto.randomUUID();
    expect(Object.fromEntries(await loadOpenTicketCounts(db, [a, b, none]))).toEqual({
      [a]: 2,
      [b]: 1,
      [none]: 0,
    });
    expect(Object.fromEntries(await loadOpenTicketCounts(db, [b]))).toEqual({ [b]: 1 });
    db.close();
    await db.delete();
  });

  it('reads every chair with its owner in reads of INDEX_READ, into serial order', async () => {
    const db = openLocalDatabase('x', { name: `test-${crypto.randomUUID()}` });
    const owner = userRow({ name: 'Alice Brown' });
    const chairs = Array.from({ length: INDEX_READ * 2 + 3 }, (_, n) =>
      chairRow({
        serialNumber: `S30-24-${String(99999 - n).padStart(5, '0')}`,
        ownerUserId: owner.id,
      }),
    );
    await db.users.put(owner);
    await db.chairs.bulkPut(chairs);
    const index = await loadEquipmentIndex(db);
    const serials = index.entries.map((entry) => entry.chair.serialNumber);
    expect(serials).toEqual(chairs.map((c) => c.serialNumber).sort());
    expect(index.entries.every((entry) => entry.owner?.name === 'Alice Brown')).toBe(true);
    db.close();
    await db.delete();
  });
});
