// Owns the local stand-in's database handle: opening embedded PGlite (in memory or persisted to a
// data directory) behind a small `Database` interface, and applying the Supabase bootstrap plus
// every supabase/migrations/*.sql file exactly once, tracked in public.schema_migrations.
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/** The statements a transaction callback may run. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite data directory; omitted means in-memory. */
  dataDir?: string;
  /** A real PostgreSQL (postgres://…); when given, PGlite is not used. */
  databaseUrl?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const BOOTSTRAP_FILE = path.join(here, 'supabase-bootstrap.sql');
export const MIGRATIONS_DIR = path.resolve(here, '..', '..', 'supabase', 'migrations');

function wrapTransaction(tx: Transaction): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await tx.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  };
}

function wrapClient(client: pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** PostgreSQL through node-postgres: each transaction holds one pooled connection. */
async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // Fail fast with a clear message when the URL is wrong.
  await pool.query('select 1');
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrapClient(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const pg = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await pg.waitReady;
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await pg.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pg.transaction((tx) => fn(wrapTransaction(tx)));
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}

export interface MigrateOptions {
  migrationsDir?: string;
  bootstrapFile?: string;
}

/**
 * Applies the (idempotent) Supabase bootstrap, then each migration file in name order that is not
 * yet recorded in public.schema_migrations. Each file runs in its own transaction with its record.
 * Returns the names applied by this call.
 */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const bootstrap = await readFile(options.bootstrapFile ?? BOOTSTRAP_FILE, 'utf8');
  await db.exec(bootstrap);
  await db.exec(`create table if not exists public.schema_migrations (
    name text primary key,
    applied_at timestamptz default now()
  )`);

  const done = new Set(
    (await db.query<{ name: string }>('select name from public.schema_migrations')).rows.map(
      (r) => r.name,
    ),
  );
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await readFile(path.join(migrationsDir, name), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into public.schema_migrations (name) values ($1)', [name]);
    });
    applied.push(name);
  }
  return applied;
}
