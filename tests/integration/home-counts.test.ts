// The home counts kept as rows change (migration 0022, issue 30): after every kind of change to
// tickets and service requests, the kept groups are the groups of the tables themselves, and
// sync_home_figures() gives a vendor and an admin exactly what grouping the tables gives; anyone
// else reads no kept group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openTestDatabase } from './test-database';

let db: Database;

const ENGINEERS = [1, 2, 3].map((i) => `00000000-0000-4000-8000-00000000000${i}`);
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const VENDOR = '00000000-0000-4000-8000-0000000000f1';
const ADMIN = '00000000-0000-4000-8000-0000000000a1';
const ENGINEER_ACTOR = '00000000-0000-4000-8000-0000000000e9';

type Row = Record<string, unknown>;

/** Rows as sorted JSON text, so two groupings compare whatever their order. */
const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();

async function keptTickets() {
  const { rows } = await db.query<Row>(
    `select engineer_user_id, status, priority, n::int, resolved_ms::numeric(20,3)::text as ms,
            resolved_n::int from private.ticket_counts`,
  );
  return sorted(rows);
}

async function groupedTickets() {
  const { rows } = await db.query<Row>(
    `select engineer_user_id, status, priority, count(*)::int as n,
            coalesce(sum(extract(epoch from (resolved_at - created_at)) * 1000)
                       filter (where resolved_at is not null), 0)::numeric(20,3)::text as ms,
            (count(*) filter (where resolved_at is not null))::int as resolved_n
       from public.support_tickets group by 1, 2, 3`,
  );
  return sorted(rows);
}

async function keptRequests() {
  const { rows } = await db.query<Row>(
    `select engineer_user_id, status, n::int from private.request_counts`,
  );
  return sorted(rows);
}

async function groupedRequests() {
  const { rows } = await db.query<Row>(
    `select engineer_user_id, status, count(*)::int as n from public.service_requests
      group by 1, 2`,
  );
  return sorted(rows);
}

async function expectKeptEqualGrouped() {
  expect(await keptTickets()).toEqual(await groupedTickets());
  expect(await keptRequests()).toEqual(await groupedRequests());
}

/** sync_home_figures() as the user `id` (under their role's policies). */
async function figuresAs(id: string): Promise<Record<string, unknown>> {
  return db.transaction(async (tx) => {
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: id, role: 'authenticated' }),
    ]);
    const { rows } = await tx.query<{ f: Record<string, unknown> }>(
      'select public.sync_home_figures() as f',
    );
    return rows[0]!.f;
  });
}

/** The figures' groups as sorted JSON text (numbers rounded to the millisecond). */
const groups = (value: unknown) =>
  ((value as unknown[][]) ?? [])
    .map((g) => JSON.stringify(g.map((v) => (typeof v === 'number' ? Math.round(v) : v))))
    .sort();

beforeAll(async () => {
  db = await openTestDatabase();
  const users = [
    ...ENGINEERS.map((id, i) => [id, `eng${i}@example.com`, 'ENGINEER']),
    [CUSTOMER, 'cust@example.com', 'CUSTOMER'],
    [VENDOR, 'vendor@example.com', 'VENDOR'],
    [ADMIN, 'admin@example.com', 'ADMIN'],
    [ENGINEER_ACTOR, 'eng9@example.com', 'ENGINEER'],
  ];
  for (const [id, email, role] of users) {
    await db.query(`insert into public.users (id, email, name, role) values ($1, $2, $2, $3)`, [
      id,
      email,
      role,
    ]);
  }
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('home counts kept as rows change', () => {
  it('follows inserts, assignments, resolutions, reopenings, deletions, an id change and a truncate', async () => {
    await expectKeptEqualGrouped();
    // Many rows in one statement, every group.
    await db.query(
      `insert into public.support_tickets (title, status, priority, customer_user_id, engineer_user_id, created_at)
       select 'T' || g,
              (array['OPEN','IN_PROGRESS','RESOLVED','CLOSED'])[1 + g % 4],
              (array['LOW','NORMAL','HIGH','URGENT'])[1 + (g / 4) % 4],
              $1,
              case when g % 5 = 0 then null else ($2::uuid[])[1 + g % 3] end,
              now() - (g || ' hours')::interval
         from generate_series(1, 200) g`,
      [CUSTOMER, ENGINEERS],
    );
    await db.query(
      `insert into public.service_requests (customer_user_id, status, engineer_user_id)
       select $1, (array['PENDING','SCHEDULED','COMPLETED','CANCELLED'])[1 + g % 4],
              case when g % 4 = 0 then null else ($2::uuid[])[1 + g % 3] end
         from generate_series(1, 120) g`,
      [CUSTOMER, ENGINEERS],
    );
    await expectKeptEqualGrouped();
    expect((await keptTickets()).length).toBeGreaterThan(20);

    // Assigning the unassigned, one statement over many groups.
    await db.query(
      `update public.support_tickets set engineer_user_id = $1 where engineer_user_id is null`,
      [ENGINEERS[0]],
    );
    await db.query(
      `update public.service_requests set engineer_user_id = $1, status = 'SCHEDULED'
        where engineer_user_id is null`,
      [ENGINEERS[1]],
    );
    await expectKeptEqualGrouped();

    // Resolving stamps resolved_at (migration 0018's trigger); reopening clears it.
    await db.query(
      `update public.support_tickets set status = 'RESOLVED'
        where status = 'IN_PROGRESS' and priority in ('HIGH', 'URGENT')`,
    );
    await expectKeptEqualGrouped();
    await db.query(
      `update public.support_tickets set status = 'OPEN' where status = 'RESOLVED' and priority = 'LOW'`,
    );
    await expectKeptEqualGrouped();

    // A change that moves no group (the title) keeps the groups as they were.
    const before = await keptTickets();
    await db.query(`update public.support_tickets set title = title || '!'`);
    expect(await keptTickets()).toEqual(before);

    // Deletions, down to a group's last row: an empty group is gone, not kept at 0.
    await db.query(`delete from public.support_tickets where priority = 'URGENT'`);
    await db.query(`delete from public.service_requests where status = 'CANCELLED'`);
    await expectKeptEqualGrouped();
    const { rows: zero } = await db.query(
      `select 1 from private.ticket_counts where n <= 0 union all
       select 1 from private.request_counts where n <= 0`,
    );
    expect(zero).toEqual([]);

    // An engineer's id changes (a sign-up taking over their row): the cascade moves their groups.
    await db.query(`update public.users set id = $1 where id = $2`, [
      '00000000-0000-4000-8000-0000000000d2',
      ENGINEERS[2],
    ]);
    await expectKeptEqualGrouped();
    const { rows: moved } = await db.query(
      `select 1 from private.ticket_counts where engineer_user_id = $1`,
      ['00000000-0000-4000-8000-0000000000d2'],
    );
    expect(moved.length).toBeGreaterThan(0);

    // An engineer deleted: their tickets go unassigned (on delete set null).
    await db.query(`delete from public.users where id = $1`, [ENGINEERS[1]]);
    await expectKeptEqualGrouped();

    // The figures a vendor and an admin get are those of the tables grouped.
    const vendor = await figuresAs(VENDOR);
    const { rows: ticketGroups } = await db.query<{ g: unknown[] }>(
      `select json_build_array(engineer_user_id, status, priority, count(*)) as g
         from public.support_tickets group by engineer_user_id, status, priority`,
    );
    const { rows: requestGroups } = await db.query<{ g: unknown[] }>(
      `select json_build_array(engineer_user_id, status, count(*)) as g
         from public.service_requests group by engineer_user_id, status`,
    );
    const { rows: resolutionGroups } = await db.query<{ g: unknown[] }>(
      `select json_build_array(engineer_user_id,
                               sum(extract(epoch from (resolved_at - created_at)) * 1000),
                               count(*)) as g
         from public.support_tickets
        where engineer_user_id is not null and status in ('RESOLVED', 'CLOSED')
          and resolved_at is not null
        group by engineer_user_id`,
    );
    expect(groups(vendor.tickets)).toEqual(groups(ticketGroups.map((r) => r.g)));
    expect(groups(vendor.requests)).toEqual(groups(requestGroups.map((r) => r.g)));
    expect(groups(vendor.resolution)).toEqual(groups(resolutionGroups.map((r) => r.g)));
    expect(groups(vendor.resolution).length).toBeGreaterThan(0);
    const admin = await figuresAs(ADMIN);
    expect(groups(admin.tickets)).toEqual(groups(ticketGroups.map((r) => r.g)));

    // Truncated, nothing is kept.
    await db.exec('truncate public.support_tickets cascade');
    await db.exec('truncate public.service_requests cascade');
    await expectKeptEqualGrouped();
    expect(await keptTickets()).toEqual([]);
    expect(await keptRequests()).toEqual([]);
  });

  it('shows the kept groups to no one but a vendor and an admin', async () => {
    await db.query(
      `insert into public.support_tickets (title, customer_user_id, engineer_user_id)
       values ('Theirs', $1, $2), ('Other', $1, $3)`,
      [CUSTOMER, ENGINEER_ACTOR, ENGINEERS[0]],
    );
    // An engineer counts only what their policy shows them (their own and the unassigned pool).
    const engineer = await figuresAs(ENGINEER_ACTOR);
    expect(groups(engineer.tickets)).toEqual(groups([[ENGINEER_ACTOR, 'OPEN', 'NORMAL', 1]]));
    const customer = await figuresAs(CUSTOMER);
    expect(customer.tickets).toBeUndefined();
    // The kept tables and the function reading them are not theirs to read.
    for (const id of [ENGINEER_ACTOR, CUSTOMER]) {
      const kept = await db.transaction(async (tx) => {
        await tx.exec('set local role authenticated');
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: id, role: 'authenticated' }),
        ]);
        const { rows } = await tx.query<{ k: unknown }>('select private.kept_home_counts() as k');
        return rows[0]!.k;
      });
      expect(kept).toBeNull();
    }
    await expect(
      db.transaction(async (tx) => {
        await tx.exec('set local role authenticated');
        await tx.query('select * from private.ticket_counts');
      }),
    ).rejects.toThrow(/permission denied/);
  });
});
