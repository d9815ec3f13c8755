// Owns the local stand-in's database handle: opening embedded PGlite (in memory or persisted to a
// data directory) behind a small `Database` interface, and applying the Supabase bootstrap plus
// every supabase/migrations/*.sql file exactly once, tracked in public.schema_migrations.
import { constants } from 'node:fs';
import { access, mkdir, readFile, readdir } from 'node:fs/promises';
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
  /**
   * Calls `handler` with the payload of each NOTIFY on `channel` (delivered once its transaction
   * commits). Resolves with a function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite data directory; omitted means in-memory. */
  dataDir?: string;
  /** A real PostgreSQL (postgres://…); when given, PGlite is not used. */
  databaseUrl?: string;
  /** In-memory PGlite started from this dump (`dumpPglite`) instead of an empty one: tests. */
  loadDataDir?: Blob;
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
  let closing = false;
  // An idle connection the server ends (a restart, an administrator, a dropped test database) is
  // taken out of the pool and the next query opens another; unheard, its error would end the process.
  pool.on('error', (error) => {
    if (!closing) console.error(`PostgreSQL closed an idle connection: ${reason(error)}`);
  });
  // Fail fast with one clear line when the URL is wrong (the password is not printed).
  await pool.query('select 1').catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    const where = URL.canParse(databaseUrl) ? new URL(databaseUrl).host : 'DATABASE_URL';
    throw new DatabaseOpenError(`Cannot connect to PostgreSQL at ${where}: ${reason(error)}`);
  });
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
    async listen(channel, handler) {
      return listenPostgres(databaseUrl, channel, handler);
    },
    async close() {
      closing = true;
      await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection would hand the LISTEN
 * to whoever borrows it next). A lost connection is opened again after a second, and again until
 * it is stopped; notifications sent meanwhile are lost, which a listener must allow for (Realtime
 * does: a lost poke is made up by the next pull).
 */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  handler: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const reopen = () => {
    if (stopped) return;
    retry = setTimeout(() => void open().catch(reopen), 1000);
  };
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', () => {
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      reopen();
    });
    await next.connect();
    await next.query(`listen ${pgIdent(channel)}`);
    if (stopped) await next.end();
    else client = next;
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

function pgIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A data directory or database the server cannot use; `message` is one line for the operator. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const detail = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !detail.includes(code) ? `${code}: ${detail}` : detail;
}

/**
 * Creates the PGlite data directory (parents included) when it does not exist yet, so a fresh
 * clone starts; a path that cannot be created or written becomes one clear line.
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  const absolute = path.resolve(dataDir);
  try {
    await mkdir(absolute, { recursive: true });
    await access(absolute, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new DatabaseOpenError(`Cannot use the data directory ${absolute}: ${reason(error)}`);
  }
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir === undefined) return PGlite.create(loadDataDir ? { loadDataDir } : {});
  await prepareDataDir(dataDir);
  try {
    return await PGlite.create(dataDir);
  } catch (error) {
    throw new DatabaseOpenError(
      `Cannot open the database in ${path.resolve(dataDir)}: ${reason(error)} ` +
        '(is it a PGlite data directory of this version? Move it away to start fresh.)',
    );
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const pg = await openPglite(options.dataDir, options.loadDataDir);
  const db: Database = {
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
    async listen(channel, handler) {
      const unlisten = await pg.listen(channel, handler);
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
  pglites.set(db, pg);
  return db;
}

const pglites = new WeakMap<Database, PGlite>();

/**
 * A dump of a PGlite database's data directory, to open copies of it with `loadDataDir` (a test
 * suite migrates once and opens a copy per file: a fresh PGlite's initdb is its slowest step).
 */
export async function dumpPglite(db: Database): Promise<Blob> {
  const pg = pglites.get(db);
  if (!pg) throw new Error('dumpPglite: not a PGlite database');
  return pg.dumpDataDir('none');
}

export interface MigrateOptions {
  migrationsDir?: string;
  bootstrapFile?: string;
}

/**
 * Applies the (idempotent) Supabase bootstrap, then each migration file in name order that is not
 * yet recorded in public.schema_migrations. Each file runs in its own transaction with its record.
 * Returns the names applied by this call. A database whose recorded migrations are not the first
 * of the current files (one made from an older layout of supabase/migrations) is refused with a
 * DatabaseOpenError of one line, before anything is applied.
 */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const bootstrap = await readFile(options.bootstrapFile ?? BOOTSTRAP_FILE, 'utf8');
  await db.exec(bootstrap);
  await db.exec(`create table if not exists public.schema_migrations (
    name text primary key,
    applied_at timestamptz default now()
  )`);

  const recorded = (
    await db.query<{ name: string }>('select name from public.schema_migrations')
  ).rows
    .map((r) => r.name)
    .sort();
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  // The files applied so far must be the first of today's files. Anything else is a database made
  // from another layout of supabase/migrations (the files were re-cut by entity): applying today's
  // files on top of it would fail half-way, or worse, succeed.
  const mismatch = recorded.findIndex((name, i) => files[i] !== name);
  if (mismatch >= 0) {
    const name = recorded[mismatch] ?? '';
    const why = files.includes(name)
      ? `it records migration ${name} but not ${files[mismatch]} before it`
      : `it records migration ${name}, which supabase/migrations no longer has`;
    throw new DatabaseOpenError(
      `The data directory was created by an older schema layout (${why}); move it away or delete it to start fresh.`,
    );
  }
  const done = new Set(recorded);
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
