// A vendor's first slice of users (migration 0023, issue 30): the customers' cards made for the
// slice's ids are exactly the cards the whole pull of users delivers for them, after a cursor as
// before it; nobody but a vendor gets a card from them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { generateLargeDataSet } from '../../server/seed/generate';
import { openTestDatabase } from './test-database';

let db: Database;
const VENDOR = '00000000-0000-4000-8000-0000000000f1';

type Row = Record<string, unknown> & { id: string; role: string; updated_at: string };

/** sync_pull of the users (whole, or their first slice), every page, as the user `id`. */
async function pullUsers(id: string, slice: 'first' | null, after?: Row): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: id, role: 'authenticated' }),
    ]);
    const rows: Row[] = [];
    let cursor = after ? { at: after.updated_at, id: after.id } : null;
    for (;;) {
      const { rows: answer } = await tx.query<{ page: { rows: Row[] } }>(
        `select public.sync_pull('users', $1, $2, 50, false, null, $3) as page`,
        [cursor?.at ?? null, cursor?.id ?? null, slice],
      );
      const page = answer[0]!.page.rows;
      rows.push(...page);
      const last = page.at(-1);
      if (!last || page.length < 50) return rows;
      cursor = { at: last.updated_at, id: last.id };
    }
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
  await generateLargeDataSet(db, {
    chairs: 200,
    tickets: 1200,
    serviceRequests: 400,
    parts: 20,
    customers: 120,
    engineers: 6,
  });
  await db.query(
    `insert into public.users (id, email, name, role) values ($1, 'vic@example.com', 'Vic', 'VENDOR')`,
    [VENDOR],
  );
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe("a vendor's first slice of users", () => {
  it("holds the customers' cards the whole pull delivers for them, and every engineer", async () => {
    const slice = await pullUsers(VENDOR, 'first');
    const whole = new Map((await pullUsers(VENDOR, null)).map((row) => [row.id, row]));
    const customers = slice.filter((row) => row.role === 'CUSTOMER');
    expect(customers.length).toBeGreaterThan(10);
    // A card: no e-mail or phone, as the whole pull gives it.
    for (const card of customers) {
      expect(card).toEqual(whole.get(card.id));
      expect(card.email).toBeNull();
    }
    const engineers = [...whole.values()].filter((row) => row.role === 'ENGINEER');
    expect(
      slice
        .filter((row) => row.role === 'ENGINEER')
        .map((r) => r.id)
        .sort(),
    ).toEqual(engineers.map((r) => r.id).sort());
    // Fewer customers than the whole: the slice names only some.
    const allCustomers = [...whole.values()].filter((row) => row.role === 'CUSTOMER');
    expect(customers.length).toBeLessThan(allCustomers.length);
  });

  it('resumes after a cursor with the cards after it, in cursor order', async () => {
    const slice = await pullUsers(VENDOR, 'first');
    const middle = slice[Math.floor(slice.length / 2)]!;
    const rest = await pullUsers(VENDOR, 'first', middle);
    expect(rest).toEqual(slice.slice(slice.indexOf(middle) + 1));
  });

  it('makes no card for anyone but a vendor', async () => {
    const { rows: ids } = await db.query<{ id: string; role: string }>(
      `select id, role from public.users where role in ('CUSTOMER', 'ENGINEER', 'ADMIN')
        order by role, id`,
    );
    const customers = ids.filter((u) => u.role === 'CUSTOMER').map((u) => u.id);
    for (const role of ['CUSTOMER', 'ENGINEER']) {
      const someone = ids.find((u) => u.role === role)!.id;
      const cards = await db.transaction(async (tx) => {
        await tx.exec('set local role authenticated');
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: someone, role: 'authenticated' }),
        ]);
        const { rows } = await tx.query(
          'select c from private.vendor_customer_cards_of($1::uuid[], null, null) c',
          [customers],
        );
        return rows;
      });
      expect(cards, role).toEqual([]);
    }
  });
});
