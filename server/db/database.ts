// Owns the local stand-in's database handle: opening embedded PGlite (in memory or persisted to a
// data directory) behind a small `Database` interface, and applying the Supabase bootstrap plus
// every supabase/migrations/*.sql file exactly once, tracked where the Supabase CLI tracks them
// (supabase_migrations.schema_migrations), as hosted
// Supabase applies them (a non-superuser owner; supautils' policy allowance; pg-safeupdate).
import { constants } from 'node:fs';
import { access, mkdir, readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import {
  checkMigrations,
  isPlatformPolicyStatement,
  splitStatements,
  type Statement,
} from './hosted-rules';

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

/**
 * The C module (server/db/safeupdate) that refuses UPDATE and DELETE without WHERE when they are
 * parsed, as pg-safeupdate does in every PostgREST session on hosted Supabase, and its setting:
 * loaded with it off, turned on by each API request's transaction (and off again by migrations
 * and the seed, which hosted runs over direct connections).
 */
export const SAFEUPDATE_LIBRARY = '$libdir/plugins/chairside_safeupdate';
export const SAFEUPDATE_SETTING = 'chairside_safeupdate.enabled';
const SAFEUPDATE_LOAD = `load '${SAFEUPDATE_LIBRARY}'; set ${SAFEUPDATE_SETTING} = off`;

/** Whether the PostgreSQL server has the module; a missing one is said once, or refused if required. */
async function probeSafeupdate(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query(SAFEUPDATE_LOAD);
    return true;
  } catch (error) {
    const why =
      `PostgreSQL has no ${SAFEUPDATE_LIBRARY} (${reason(error)}): API sessions are not checked ` +
      'for UPDATE or DELETE without WHERE as on hosted Supabase (make -C server/db/safeupdate install)';
    if (process.env.CHAIRSIDE_REQUIRE_SAFEUPDATE === '1') throw new DatabaseOpenError(why);
    console.warn(why);
    return false;
  }
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
  // Any connection of the pool may serve an API request, so each loads the module as it opens;
  // an API request's transaction turns it on (server/rest.ts), as hosted's PostgREST sessions have
  // it, while the local services and the platform's own statements run without it, as there.
  if (await probeSafeupdate(pool)) {
    pool.on('connect', (client) => {
      client.query(SAFEUPDATE_LOAD).catch(() => undefined);
    });
  }
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
 * The same database, every statement of it run as `role` (each in a transaction that sets it), as a
 * platform service connects as its own role on hosted Supabase: GoTrue as supabase_auth_admin, the
 * Storage API as supabase_storage_admin. listen and close are the database's own.
 */
export function asRole(db: Database, role: string): Database {
  const setRole = `set local role ${quoteIdent(role)}`;
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.exec(setRole);
      return fn(tx);
    });
  return {
    query: (sql, params) => transaction((tx) => tx.query(sql, params)),
    exec: (sql) => transaction((tx) => tx.exec(sql)),
    transaction,
    listen: (channel, handler) => db.listen(channel, handler),
    close: () => db.close(),
  };
}

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
  /**
   * Whether to refuse migrations that leave a function pg-safeupdate refuses (default true). Off
   * only to rebuild a database as production had it, to show what hosted does with it.
   */
  checkFunctionBodies?: boolean;
}

/**
 * The role the project's migrations run as: `postgres`, as on hosted Supabase, where the cluster's
 * superuser has another name (a cluster prepared as hosted is, scripts/hosted-postgres.sh), and
 * `migrations_owner` where `postgres` is the superuser itself (PGlite, a stock PostgreSQL).
 */
export async function migrationsOwner(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ postgres_is_superuser: boolean | null }>(
    `select (select rolsuper from pg_roles where rolname = 'postgres') as postgres_is_superuser`,
  );
  return rows[0]?.postgres_is_superuser === true ? 'migrations_owner' : 'postgres';
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Runs one migration file as hosted Supabase does: as the migrations' owner, with supautils'
 * allowance played by the platform's superuser (a policy on auth.users, storage.objects and the
 * other tables hosted lists runs as the superuser; any other statement on a platform table
 * fails as it would there). Consecutive ordinary statements go to the database together.
 */
async function applyAsOwner(tx: Queryable, statements: Statement[], owner: string): Promise<void> {
  const asOwner = `set local role ${quoteIdent(owner)}`;
  await tx.exec(asOwner);
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length) await tx.exec(batch.join('\n;\n'));
    batch = [];
  };
  for (const statement of statements) {
    if (!isPlatformPolicyStatement(statement)) {
      batch.push(statement.text);
      continue;
    }
    await flush();
    await tx.exec('reset role');
    await tx.exec(statement.text);
    await tx.exec(asOwner);
  }
  await flush();
  await tx.exec('reset role');
}

/**
 * Every function of the project's schemas, in its final definition, checked against hosted's
 * pg-safeupdate with PostgreSQL's own parser. PGlite cannot load the C module that refuses the
 * statement in API sessions (server/db/safeupdate, on PostgreSQL), so the stand-in refuses the
 * migrations that would fail there instead, whichever branch of a function holds the statement.
 */
async function checkFunctionBodies(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ def: string }>(
    `select pg_get_functiondef(p.oid) as def
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                           and d.deptype = 'e')`,
  );
  const findings = await checkMigrations([
    { name: 'the database', sql: rows.map((r) => `${r.def};`).join('\n') },
  ]);
  const unfiltered = findings.filter((f) => f.rule !== 'platform-ddl');
  if (unfiltered.length) {
    throw new DatabaseOpenError(
      `A migration leaves a function that hosted Supabase refuses to run: ${unfiltered
        .map((f) => f.message)
        .join('; ')}`,
    );
  }
}

/**
 * Applies the (idempotent) Supabase bootstrap as the connecting superuser, then each migration
 * file in name order that is not yet recorded in supabase_migrations.schema_migrations, as the
 * migrations'
 * owner (`migrationsOwner`). Each file runs in its own transaction with its record. Returns the
 * names applied by this call. A database whose recorded migrations are not the first of the
 * current files (one made from an older layout of supabase/migrations), or one made by an older
 * stand-in of the platform, is refused with a DatabaseOpenError of one line, before anything is
 * applied. When a file was applied, every function's final body is checked against
 * pg-safeupdate (`checkFunctionBodies`).
 */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const bootstrap = await readFile(options.bootstrapFile ?? BOOTSTRAP_FILE, 'utf8');
  const owner = await migrationsOwner(db);
  await refuseOlderPlatform(db);
  await db.transaction(async (tx) => {
    await tx.exec(`set local ${SAFEUPDATE_SETTING} = off`);
    await tx.query(`select set_config('chairside.migrations_owner', $1, true)`, [owner]);
    await tx.exec(bootstrap);
  });
  // Where the Supabase CLI records what `supabase db push` applied, in its shape, out of the API's
  // schemas: a database the stand-in migrated reads to the CLI as the same files applied.
  await db.exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    )`);

  const recorded = (await db.query<{ name: string }>(RECORDED_MIGRATIONS)).rows
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
    const [version = name, label = ''] = name.replace(/\.sql$/, '').split(/_(.*)/s);
    const statements = await splitStatements(sql);
    await db.transaction(async (tx) => {
      // A migration is not an API session: hosted applies it over a direct connection.
      await tx.exec(`set local ${SAFEUPDATE_SETTING} = off`);
      await applyAsOwner(tx, statements, owner);
      await tx.query(
        `insert into supabase_migrations.schema_migrations (version, name, statements)
         values ($1, $2, $3)`,
        [version, label, statements.map((statement) => statement.text)],
      );
    });
    applied.push(name);
  }
  if (applied.length && options.checkFunctionBodies !== false) await checkFunctionBodies(db);
  return applied;
}

/** The migration files a database records as applied, by file name. */
export const RECORDED_MIGRATIONS = `select version || '_' || name || '.sql' as name
  from supabase_migrations.schema_migrations`;

/**
 * A database migrated before the stand-in took hosted's shape (its realtime.messages is not
 * partitioned, its objects belong to the superuser): today's migrations cannot run on it as a
 * non-superuser owner. Local demo data only; it is refused with one line.
 */
async function refuseOlderPlatform(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ kind: string | null; migrated: boolean }>(
    `select (select c.relkind::text from pg_class c
              where c.oid = to_regclass('realtime.messages')) as kind,
            to_regclass('public.schema_migrations') is not null as migrated`,
  );
  const row = rows[0];
  if (row?.migrated || (row?.kind ?? 'p') !== 'p') {
    throw new DatabaseOpenError(
      'The data directory was created by an older stand-in of the platform (before it took hosted ' +
        "Supabase's shape: realtime.messages by day, migrations run by a non-superuser); move it " +
        'away or delete it to start fresh.',
    );
  }
}
