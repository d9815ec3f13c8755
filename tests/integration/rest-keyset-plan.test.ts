// RxDB's Supabase replication pages each table with `select=*&order=updated_at.asc,id.asc&limit=N`,
// after its checkpoint with `or=(updated_at.gt.X,and(updated_at.eq.X,id.gt.Y))`. As the local server
// runs that under row-level security (server/rest-keyset.ts), on the generated data set's large
// tables, as an admin and as a vendor: the plan is an index scan of (updated_at, id) that starts at
// the checkpoint and stops after the page, no Sort and no scan of the table (before: a Seq Scan or
// BitmapOr of every row after the checkpoint, then a Sort, on every page); and the pages are the
// rows the OR as written answers, every row once, in order, ties on a change time broken by id.
// On PGlite, and on PostgreSQL when DATABASE_URL is set. Timings: tests/bench/keyset-pages.bench.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database, Queryable } from '../../server/db/database';
import { generateLargeDataSet } from '../../server/seed/generate';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

const TABLES = ['chairs', 'support_tickets', 'service_requests'] as const;
const LIMIT = 400;
type Step = { sql: string; params?: unknown[] };
type Checkpoint = { id: string; updated_at: string };

let db: Database;
let running: RunningServer;
const clients: Record<string, SupabaseClient> = {};
/** Every statement of the server's last transaction, in order. */
let lastTransaction: Step[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  await generateLargeDataSet(db, {
    chairs: 1000,
    tickets: 3000,
    serviceRequests: 1500,
    parts: 100,
    customers: 300,
    engineers: 10,
  });
  // Change times spread over the rows' history, as the benches' backend gives them, to the hour:
  // several rows share each, so pages end inside runs of equal times.
  await db.transaction(async (tx) => {
    for (const table of TABLES) {
      await tx.exec(`alter table public.${table} disable trigger ${table}_set_updated_at`);
      await tx.exec(`update public.${table} set updated_at = date_trunc('hour', created_at)`);
      await tx.exec(`alter table public.${table} enable trigger ${table}_set_updated_at`);
    }
  });
  await db.exec('analyze');
  running = await startServer({ db: recording(db) });
  for (const role of ['ADMIN', 'VENDOR']) clients[role] = await signedIn(role);
}, 180_000);

afterAll(async () => {
  await running?.close();
  await db?.close();
});

/** The server's database, keeping what its last transaction ran. */
function recording(inner: Database): Database {
  return {
    ...inner,
    transaction: (fn) =>
      inner.transaction((tx) => {
        lastTransaction = [];
        const watched: Queryable = {
          query: (sql, params) => (lastTransaction.push({ sql, params }), tx.query(sql, params)),
          exec: (sql) => (lastTransaction.push({ sql }), tx.exec(sql)),
        };
        return fn(watched);
      }),
  };
}

async function signedIn(role: string): Promise<SupabaseClient> {
  const client = createTestClient(running.url);
  const { data, error } = await client.auth.signUp({
    email: `keyset.${role.toLowerCase()}.${Date.now()}@example.com`,
    password: 'correct-horse',
  });
  expect(error).toBeNull();
  await db.query(`update public.users set role = $2 where id = $1`, [data.user!.id, role]);
  await client.auth.refreshSession();
  return client;
}

/** RxDB's page after `checkpoint` (or its first), through supabase-js exactly as RxDB sends it. */
async function page(client: SupabaseClient, table: string, checkpoint?: Checkpoint) {
  let query = client.from(table).select('*');
  if (checkpoint) {
    const at = checkpoint.updated_at;
    query = query.or(`"updated_at".gt.${at},and("updated_at".eq.${at},"id".gt.${checkpoint.id})`);
  }
  const { data, error } = await query
    .order('updated_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(LIMIT);
  expect(error).toBeNull();
  return data as Checkpoint[];
}

/** The server's last request again up to its table read, then `run` in the same role and claims. */
async function asLastCaller<T>(run: (tx: Queryable, select: Step) => Promise<T>): Promise<T> {
  const select = lastTransaction.findLast((s) => /^select coalesce\(json_agg/.test(s.sql));
  expect(select, 'the server ran no table read').toBeDefined();
  return db.transaction(async (tx) => {
    for (const step of lastTransaction) {
      if (step === select) break;
      if (step.params) await tx.query(step.sql, step.params);
      else await tx.exec(step.sql);
    }
    return run(tx, select!);
  });
}

const explainLast = () =>
  asLastCaller(async (tx, select) => {
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off) ${select.sql}`,
      select.params,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });

/** The same page by the OR as written, planned as PostgreSQL likes, in the last caller's role. */
const pageAsWritten = (table: string, checkpoint: Checkpoint) =>
  asLastCaller(async (tx) => {
    await tx.exec('reset enable_sort; reset enable_bitmapscan');
    const { rows } = await tx.query<{ id: string }>(
      `select id from public.${table}
        where updated_at > $1 or (updated_at = $1 and id > $2)
        order by updated_at, id limit ${LIMIT}`,
      [checkpoint.updated_at, checkpoint.id],
    );
    return rows.map((r) => r.id);
  });

/** Rows the index scan read: those it returned and those the policies' filter dropped. */
function rowsRead(plan: string, table: string): number {
  const scan = new RegExp(
    `Index Scan using ${table}_updated_at_id_idx on ${table}.*rows=([\\d.]+)`,
  );
  const returned = Number(scan.exec(plan)?.[1]);
  const removed = Number(/Rows Removed by Filter: (\d+)/.exec(plan)?.[1] ?? 0);
  return returned + removed;
}

async function hiddenRows(client: SupabaseClient, table: string): Promise<number> {
  const all = await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
  const { count } = await client.from(table).select('id', { count: 'exact', head: true });
  return all.rows[0]!.n - count!;
}

describe.each(['ADMIN', 'VENDOR'])("RxDB's keyset pages as %s", (role) => {
  it.each(TABLES)('%s: the first page and a middle one read the index, no more', async (table) => {
    const client = clients[role]!;
    const hidden = await hiddenRows(client, table);
    const first = await page(client, table);
    const firstPlan = await explainLast();
    const middle = await page(client, table, first[first.length - 1]);
    const middlePlan = await explainLast();
    expect(middle.length).toBeGreaterThan(0);
    for (const plan of [firstPlan, middlePlan]) {
      expect(plan).toMatch(new RegExp(`Index Scan using ${table}_updated_at_id_idx on ${table}`));
      expect(plan).not.toMatch(/Sort|Seq Scan|Bitmap/);
      // What the policies hide from the caller is read and dropped; nothing else beyond the page.
      expect(rowsRead(plan, table)).toBeLessThanOrEqual(LIMIT + hidden);
    }
    expect(middlePlan).toMatch(/Index Cond: \(ROW\(updated_at, id\) > ROW\(/);
  });

  it.each(TABLES)(
    '%s: every row once, in order, page for page the OR as written',
    async (table) => {
      const client = clients[role]!;
      const { data: all } = await client.from(table).select('id, updated_at');
      const ordered = [...(all as Checkpoint[])].sort(
        (a, b) =>
          Date.parse(a.updated_at) - Date.parse(b.updated_at) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      const times = new Set(ordered.map((r) => r.updated_at));
      expect(times.size, 'some rows share a change time').toBeLessThan(ordered.length);
      const seen: string[] = [];
      let rows = await page(client, table);
      while (rows.length > 0) {
        seen.push(...rows.map((r) => r.id));
        const checkpoint = rows[rows.length - 1]!;
        rows = await page(client, table, checkpoint);
        expect(rows.map((r) => r.id)).toEqual(await pageAsWritten(table, checkpoint));
      }
      expect(seen).toEqual(ordered.map((r) => r.id));
    },
  );
});
