// A page of sync_pull reads one page of rows, however many rows come after the cursor (issue 19):
// under row level security the planner took the keyset query for a selective one and scanned and
// sorted every row after the cursor for each page, so a first sync cost more the bigger the table.
// Counted in the database's own statistics for the calling transaction (pg_stat_xact_user_tables),
// not timed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database';
import { generateLargeDataSet } from '../../server/seed/generate';
import { openTestDatabase } from './test-database';

let db: Database;
let admin: string;
let engineer: string;
const TICKETS = 4000;
const PAGE = 100;

beforeAll(async () => {
  db = await openTestDatabase();
  await generateLargeDataSet(db, {
    chairs: 400,
    tickets: TICKETS,
    serviceRequests: 200,
    parts: 50,
    customers: 100,
    engineers: 4,
  });
  const { rows } = await db.query<{ id: string }>(
    `update public.users set role = 'ADMIN'
      where id = (select id from public.users where role = 'ENGINEER' order by id limit 1)
      returning id`,
  );
  admin = rows[0]!.id;
  const { rows: engineers } = await db.query<{ id: string }>(
    `select engineer_user_id as id from public.support_tickets
      where engineer_user_id is not null group by 1 order by count(*) desc limit 1`,
  );
  engineer = engineers[0]!.id;
  await db.exec('analyze');
}, 120_000);

afterAll(async () => {
  await db?.close();
});

interface Page {
  rows: { id: string; updated_at: string }[];
  total: number | null;
}

/**
 * Ticket rows read so far by this session, as the statistics count them: counts of earlier
 * transactions may still be pending in them, so a call is measured as the difference.
 */
async function ticketRowsRead(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as n
       from pg_stat_xact_user_tables where relname = 'support_tickets'`,
  );
  return rows[0]?.n ?? 0;
}

/** One sync_pull call as `userId`, and the ticket rows the call read in doing it. */
async function pullAs(
  userId: string,
  after: { updatedAt: string; id: string } | null,
  withTotal: boolean,
): Promise<{ page: Page; rowsRead: number }> {
  return db.transaction(async (tx: Queryable) => {
    const before = await ticketRowsRead(tx);
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    const { rows } = await tx.query<{ page: string }>(
      `select public.sync_pull('support_tickets', $1, $2, $3, $4)::text as page`,
      [after?.updatedAt ?? null, after?.id ?? null, PAGE, withTotal],
    );
    await tx.exec('reset role');
    const rowsRead = (await ticketRowsRead(tx)) - before;
    return { page: JSON.parse(rows[0]!.page) as Page, rowsRead };
  });
}

describe('sync_pull pages', () => {
  it("reads an admin's first page, and a page from the middle, without the rows after it", async () => {
    const first = await pullAs(admin, null, true);
    expect(first.page.rows).toHaveLength(PAGE);
    expect(first.page.total).toBe(TICKETS);
    // The count of the first page reads every row once (the total), the page itself a page more.
    expect(first.rowsRead).toBeLessThanOrEqual(TICKETS + 2 * PAGE);

    const middle = first.page.rows[PAGE - 1]!;
    const { rows: ahead } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.support_tickets where (updated_at, id) > ($1, $2)`,
      [middle.updated_at, middle.id],
    );
    const second = await pullAs(admin, { updatedAt: middle.updated_at, id: middle.id }, true);
    expect(second.page.rows).toHaveLength(PAGE);
    expect(second.page.total).toBe(ahead[0]!.n);
    // Rows come in keyset order, starting right after the cursor.
    const keys = second.page.rows.map((r) => `${new Date(r.updated_at).toISOString()} ${r.id}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Date(second.page.rows[0]!.updated_at) >= new Date(middle.updated_at)).toBe(true);
  });

  it('pages without a total read about a page of rows, for an admin and for an engineer', async () => {
    for (const userId of [admin, engineer]) {
      const { page, rowsRead } = await pullAs(userId, null, false);
      expect(page.rows).toHaveLength(PAGE);
      // An admin sees every ticket: a page reads a page. An engineer sees their own and the
      // unassigned ones, a share of the table: the walk stops once a page of those was found.
      expect(rowsRead).toBeGreaterThanOrEqual(PAGE);
      expect(rowsRead).toBeLessThan(userId === admin ? 2 * PAGE : TICKETS / 2);
    }
  });
});
