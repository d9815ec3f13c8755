// Node side of the browser benches (sync, peer): the harness pages bundled by vite, a local server
// over a fresh in-memory database holding one generated data set, and the printing of figures.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { startServer, type RunningServer } from '../../../server/app';
import { migrate, openDatabase, type Database } from '../../../server/db/database';
import { generateLargeDataSet, type LargeDataSetOptions } from '../../../server/seed/generate';
import { ENTITY_TABLES, SERVER_TABLE } from '../../../src/domain/entities';
import type { TableCounts } from './api';

const here = path.dirname(fileURLToPath(import.meta.url));

export const FULL: LargeDataSetOptions = {
  chairs: 10000,
  tickets: 50000,
  serviceRequests: 20000,
  parts: 2000,
};

export interface Backend {
  label: string;
  db: Database;
  server: RunningServer;
  generatedMs: number;
}

/** Bundles the harness pages (index.html: the app's sync; `pages`: more of them) into outDir. */
export async function buildHarness(outDir: string, pages: string[] = []): Promise<void> {
  const input = Object.fromEntries(
    ['index', ...pages].map((page) => [page, path.join(here, `${page}.html`)]),
  );
  await build({
    configFile: false,
    root: here,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', rollupOptions: { input } },
  });
}

/**
 * A fresh in-memory database (or the empty PostgreSQL database at databaseUrl) with one generated
 * data set, served with the harness pages from distDir. Rows are given spread-out change times (updated_at = created_at, as a real history has;
 * generated tickets carry their own), because a bulk insert stamps every row within a few seconds
 * and the pull's 30 s overlap window would then re-read whole tables on every incremental pull.
 */
export async function openBackend(
  label: string,
  options: LargeDataSetOptions,
  distDir: string,
  /** A PostgreSQL database (postgres://…) to use in place of in-memory PGlite. */
  databaseUrl?: string,
): Promise<Backend> {
  const db = await openDatabase(databaseUrl ? { databaseUrl } : {});
  await migrate(db);
  const generatedAt = new Date(Date.now() - 1000).toISOString();
  const counts = await generateLargeDataSet(db, options);
  await db.transaction(async (tx) => {
    for (const table of ['users', 'chairs', 'parts', 'service_requests', 'support_tickets']) {
      await tx.exec(`alter table public.${table} disable trigger ${table}_set_updated_at`);
      // Tickets keep their generated change times, except those clamped to the moment of seeding.
      await tx.query(`update public.${table} set updated_at = created_at where updated_at >= $1`, [
        generatedAt,
      ]);
      await tx.exec(`alter table public.${table} enable trigger ${table}_set_updated_at`);
    }
  });
  // The planner's statistics of the generated rows, as a hosted PostgreSQL's autovacuum gathers
  // them after such a load (PGlite runs no autovacuum). Without them a customer's first-stage
  // pulls on the full set took 18-26 ms each instead of 5-11 (row-level security chose scans).
  await db.query('analyze');
  const server = await startServer({ db, distDir });
  return { label, db, server, generatedMs: counts.durationMs };
}

/** Every row the admin may read, as the server holds it (the generated data has no deletions). */
export async function serverCounts(db: Database): Promise<TableCounts> {
  const entries: [string, number][] = [];
  for (const table of ENTITY_TABLES) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.${SERVER_TABLE[table]}`,
    );
    entries.push([table, rows[0]?.n ?? -1]);
  }
  return Object.fromEntries(entries) as TableCounts;
}

/** Calls one function of the page's window[namespace] (window.bench, window.peer). */
export async function callIn<Api>(
  page: Page,
  namespace: string,
  name: keyof Api & string,
  args: unknown[],
): Promise<unknown> {
  return page.evaluate(
    ([ns, fn, fnArgs]) => {
      const api = (
        window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>
      )[ns];
      const target = api?.[fn];
      if (!target) throw new Error(`window.${ns}.${fn} is missing`);
      return target(...fnArgs);
    },
    [namespace, name, args] as const,
  );
}

/** The median of the finite values (a run that returned no figure is left out). */
export function median(values: number[]): number {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite[Math.floor(finite.length / 2)] ?? Number.NaN;
}

/** The nearest-rank `p`th percentile (95: p95) of `values`, or NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-GB');
export const num = (n: number) => n.toLocaleString('en-GB');

/** Prints a table of figures, first column left-aligned, the others right-aligned. */
export function table(title: string, rows: [string[], ...string[][]]) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    '  ' +
    r
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join('   ');
  console.log(`\n${title}\n${line(rows[0])}\n  ${widths.map((w) => '-'.repeat(w)).join('   ')}`);
  for (const r of rows.slice(1)) console.log(line(r));
}

/**
 * Every row `userId` may read, counted in the database as that user (RLS on), with the cards that
 * the users pull merges in: what a complete mirror of theirs holds.
 */
export async function countsAs(db: Database, userId: string): Promise<TableCounts> {
  return db.transaction(async (tx) => {
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    const entries: [string, number][] = [];
    for (const table of ENTITY_TABLES) {
      const cards = table === 'users' ? ' + (select count(*) from private.my_user_cards())' : '';
      const { rows } = await tx.query<{ n: number }>(
        `select ((select count(*) from public.${SERVER_TABLE[table]})${cards})::int as n`,
      );
      entries.push([table, rows[0]?.n ?? -1]);
    }
    return Object.fromEntries(entries) as TableCounts;
  });
}
