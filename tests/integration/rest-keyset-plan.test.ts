// The query plan of a keyset page as a client written for Supabase asks for it (RxDB's Supabase
// replication: `or=(updated_at.gt.X,and(updated_at.eq.X,id.gt.Y))`, ordered by (updated_at, id),
// limited), as the local server runs it under row-level security: PostgreSQL must start the scan
// at the checkpoint in the (updated_at, id) index, not read the table's earlier rows and filter
// them away (before: every row before the page removed by the filter). On PGlite and PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database, Queryable } from '../../server/db/database';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

const ROWS = 20_000;
let db: Database;
let running: RunningServer;
let reader: SupabaseClient;
/** Every statement of the server's last transaction, in order. */
let lastTransaction: { sql: string; params?: unknown[] }[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  // The server's database, recording what each transaction runs.
  const recording: Database = {
    ...db,
    query: (sql, params) => db.query(sql, params),
    transaction: (fn) =>
      db.transaction((tx) => {
        lastTransaction = [];
        const watched: Queryable = {
          query: (sql, params) => {
            lastTransaction.push({ sql, params });
            return tx.query(sql, params);
          },
          exec: (sql) => {
            lastTransaction.push({ sql });
            return tx.exec(sql);
          },
        };
        return fn(watched);
      }),
  };
  running = await startServer({ db: recording });
  reader = createTestClient(running.url);
  const { data, error } = await reader.auth.signUp({
    email: `keyset.${Date.now()}@example.com`,
    password: 'correct-horse',
  });
  expect(error).toBeNull();
  await db.query(`update public.users set role = 'ENGINEER' where id = $1`, [data.user!.id]);
  await reader.auth.refreshSession();
  // The catalogue at scale, one change time a second, every tenth shared with the row before.
  await db.transaction(async (tx) => {
    await tx.exec('alter table public.parts disable trigger parts_set_updated_at');
    await tx.query(
      `insert into public.parts (name, stock, price, updated_at)
       select 'Part ' || g, 1, 10, timestamptz '2026-01-01' + ((g - g % 10 / 9) || ' seconds')::interval
       from generate_series(1, $1::int) g`,
      [ROWS],
    );
    await tx.exec('alter table public.parts enable trigger parts_set_updated_at');
  });
  await db.exec('analyze public.parts');
}, 120_000);

afterAll(async () => {
  await running?.close();
  await db?.close();
});

/** RxDB's page after `checkpoint`, through supabase-js as RxDB sends it. */
async function pageAfter(checkpoint: { id: string; updated_at: string }, limit: number) {
  const at = checkpoint.updated_at;
  const page = await reader
    .from('parts')
    .select('id, updated_at')
    .or(`"updated_at".gt.${at},and("updated_at".eq.${at},"id".gt.${checkpoint.id})`)
    .order('updated_at')
    .order('id')
    .limit(limit);
  expect(page.error).toBeNull();
  return page.data as { id: string; updated_at: string }[];
}

/** EXPLAIN ANALYZE of the server's last SELECT, run as the same role with the same claims. */
async function planOfLastSelect(): Promise<string> {
  const select = lastTransaction.findLast((s) => /^select coalesce\(json_agg/.test(s.sql));
  expect(select, 'the server ran no table read').toBeDefined();
  return db.transaction(async (tx) => {
    for (const step of lastTransaction) {
      if (step === select) break;
      if (step.params) await tx.query(step.sql, step.params);
      else await tx.exec(step.sql);
    }
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off) ${select!.sql}`,
      select!.params,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe("a keyset page as RxDB's Supabase replication asks for it", () => {
  it('starts at the checkpoint in the (updated_at, id) index: no earlier row is read', async () => {
    const { data } = await reader
      .from('parts')
      .select('id, updated_at')
      .order('updated_at')
      .order('id')
      .range(ROWS - 101, ROWS - 101);
    const checkpoint = data![0] as { id: string; updated_at: string };
    const page = await pageAfter(checkpoint, 50);
    expect(page).toHaveLength(50);
    const plan = await planOfLastSelect();
    console.log(`keyset page at row ${ROWS - 100} of ${ROWS}:\n${plan}`);
    expect(plan).toMatch(/Index (Only )?Scan using parts_updated_at_id_idx/);
    expect(plan).toMatch(/Index Cond: \(updated_at >= /);
    // Only rows of the checkpoint's own second can be read and dropped, never the 19,900 before.
    const removed = [...plan.matchAll(/Rows Removed by Filter: (\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(0, ...removed)).toBeLessThan(10);
  });

  it('pages through every row once, in order, ties on a change time broken by id', async () => {
    const { data: first } = await reader
      .from('parts')
      .select('id, updated_at')
      .order('updated_at')
      .order('id')
      .range(ROWS - 1_000, ROWS - 1_000);
    const { data: rest } = await reader
      .from('parts')
      .select('id, updated_at')
      .order('updated_at')
      .order('id')
      .range(ROWS - 999, ROWS - 1);
    const expected = rest!.map((r) => r.id as string);
    const seen: string[] = [];
    let checkpoint = first![0] as { id: string; updated_at: string };
    for (;;) {
      const page = await pageAfter(checkpoint, 97);
      if (page.length === 0) break;
      seen.push(...page.map((r) => r.id));
      checkpoint = page[page.length - 1]!;
    }
    expect(seen).toEqual(expected);
  });
});
