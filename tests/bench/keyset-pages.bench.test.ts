// Benchmark: RxDB's keyset pages on the local server (issue 30). An admin pages through each large
// table of the generated full data set as RxDB's Supabase replication asks
// (`or=(updated_at.gt.X,and(updated_at.eq.X,id.gt.Y))`, ordered, limited to the sync's page size),
// through the server; each page is then run again in the database, in the admin's role and claims,
// as the server runs it (a row comparison, bitmap scans and sorts priced out: server/rest-keyset.ts)
// and as hosted PostgREST would, the OR as written, planned as PostgreSQL likes (the median of
// three each). The first, middle and last page and the whole table are printed, never asserted;
// that every row came once is.
// On PGlite, and on PostgreSQL too when DATABASE_URL is set. No browser.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database';
import { PAGE_SIZE } from '../../sync/pull';
import { createTestClient } from '../integration/supabase-client';
import { createScratchDatabase } from '../integration/test-database';
import * as harness from './harness/backend';
import { median, num, table } from './harness/backend';

const TABLES = ['chairs', 'support_tickets', 'service_requests'] as const;
const url = process.env.DATABASE_URL;
const database = url ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
type Checkpoint = { id: string; updated_at: string };

let distDir: string;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let backend: harness.Backend;
let client: SupabaseClient;
let claims = '';

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'chairside-keyset-bench-'));
  scratch = url ? await createScratchDatabase(url) : undefined;
  backend = await harness.openBackend('full', harness.FULL, distDir, scratch?.url);
  await backend.db.exec('analyze');
  client = createTestClient(backend.server.url);
  const { data } = await client.auth.signUp({
    email: `keyset.bench.${Date.now()}@example.com`,
    password: 'correct-horse',
  });
  await backend.db.query(`update public.users set role = 'ADMIN' where id = $1`, [data.user!.id]);
  await client.auth.refreshSession();
  claims = JSON.stringify({ sub: data.user!.id, role: 'authenticated' });
});

afterAll(async () => {
  await backend?.server.close();
  await backend?.db.close();
  await scratch?.drop();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

/** One page through the server, exactly as RxDB asks: its rows and the request's milliseconds. */
async function serverPage(name: string, checkpoint?: Checkpoint) {
  let query = client.from(name).select('*');
  if (checkpoint) {
    const at = checkpoint.updated_at;
    query = query.or(`"updated_at".gt.${at},and("updated_at".eq.${at},"id".gt.${checkpoint.id})`);
  }
  const start = performance.now();
  const { data, error } = await query
    .order('updated_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(PAGE_SIZE);
  const ms = performance.now() - start;
  expect(error).toBeNull();
  return { rows: data as Checkpoint[], ms };
}

/** The page's SQL in the database as the admin: the server's form and the OR as written, in ms. */
async function sqlPage(name: string, form: 'server' | 'as written', checkpoint?: Checkpoint) {
  return backend.db.transaction(async (tx: Queryable) => {
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    const params = checkpoint ? [checkpoint.updated_at, checkpoint.id] : [];
    let where = '';
    if (form === 'server') {
      await tx.query(
        `select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`,
      );
      if (checkpoint) where = 'where (updated_at, id) > ($1, $2)';
    } else if (checkpoint) where = 'where updated_at > $1 or (updated_at = $1 and id > $2)';
    const start = performance.now();
    await tx.query(
      `select coalesce(json_agg(r), '[]'::json)::text as body from
        (select * from public.${name} ${where} order by updated_at, id limit ${PAGE_SIZE}) r`,
      params,
    );
    return performance.now() - start;
  });
}

describe('keyset pages bench', () => {
  it('pages each large table as RxDB does, and times every page', async () => {
    const rows: [string[], ...string[][]] = [
      ['table, page', 'rows', 'server (HTTP)', 'server SQL', 'OR as written'],
    ];
    for (const name of TABLES) {
      const figures: { ms: number; server: number; written: number; n: number }[] = [];
      const seen = new Set<string>();
      let checkpoint: Checkpoint | undefined;
      for (;;) {
        const page = await serverPage(name, checkpoint);
        if (page.rows.length === 0) break;
        // Three of each, taking turns (the second to run a page finds it cached), the median.
        const server: number[] = [];
        const written: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const [a, b] =
            i % 2 ? (['as written', 'server'] as const) : (['server', 'as written'] as const);
          (a === 'server' ? server : written).push(await sqlPage(name, a, checkpoint));
          (b === 'server' ? server : written).push(await sqlPage(name, b, checkpoint));
        }
        figures.push({
          ms: page.ms,
          server: median(server),
          written: median(written),
          n: page.rows.length,
        });
        for (const row of page.rows) seen.add(row.id);
        checkpoint = page.rows[page.rows.length - 1];
      }
      const { rows: all } = await backend.db.query<{ n: number }>(
        `select count(*)::int as n from public.${name}`,
      );
      expect(seen.size).toBe(all[0]!.n);
      const ms = (v: number) => `${v.toFixed(1)} ms`;
      const at = (label: string, f = figures[0]!) => [
        `${name}, ${label}`,
        num(f.n),
        ms(f.ms),
        ms(f.server),
        ms(f.written),
      ];
      const sum = (key: 'ms' | 'server' | 'written') => figures.reduce((s, f) => s + f[key], 0);
      rows.push(
        at('first page'),
        at('middle page', figures[Math.floor(figures.length / 2)]),
        at('last page', figures[figures.length - 1]),
        [
          `${name}, all ${figures.length} pages`,
          num(seen.size),
          ms(sum('ms')),
          ms(sum('server')),
          ms(sum('written')),
        ],
      );
    }
    table(
      `RxDB's keyset pages of ${num(PAGE_SIZE)} as an admin, ${database}, generated full set`,
      rows,
    );
  });
});
