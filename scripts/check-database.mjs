#!/usr/bin/env node
// Checks a database as it will serve the app, against any PostgreSQL URL (a linked hosted project
// before go-live, the local stand-in, CI's PostgreSQL): hosted Supabase's rules over the
// migrations and over the database's own functions (server/db/hosted-rules.ts: no UPDATE or DELETE
// without WHERE, which pg-safeupdate refuses in API sessions; no DDL on platform tables but
// policies), then the pgTAP suite (supabase/tests, Supabase's own testing convention, what
// `supabase test db` runs), with pg_prove's TAP summary. Exits non-zero when a check fails.
//
//   npm run check:db -- postgres://postgres:<password>@db.<ref>.supabase.co:5432/postgres
//   DATABASE_URL=postgres://… npm run check:db
//   npm run check:db -- <url> supabase/tests/rls-matrix.test.sql   (one file or folder)
//
// Needs pg_prove on PATH (Debian: libtap-parser-sourcehandler-pgtap-perl) and pgTAP in the
// database. Connect as the migrations' owner (hosted: `postgres`), directly or through the session
// pooler (port 5432): the tests switch roles and keep state for their transaction, which the
// transaction pooler (6543) does not allow. Like the Supabase CLI, when pgTAP is not installed the
// runner creates it in schema `extensions` and drops it again afterwards. Each test file runs in one
// transaction that it rolls back: the database is left as it was.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { checkMigrations, formatFinding } from '../server/db/hosted-rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TESTS_DIR = path.join('supabase', 'tests');
/** The Supabase CLI the README's deploy path uses (npm package `supabase`). */
const SUPABASE_CLI = '2.117.0';

function usage(message) {
  if (message) console.error(message);
  console.error(
    'Usage: node scripts/check-database.mjs [database-url] [test file or folder …]\n' +
      '  (or set DATABASE_URL; the tests default to supabase/tests)',
  );
  process.exit(2);
}

const args = process.argv.slice(2);
const urlArg = args.find((a) => /^postgres(ql)?:\/\//.test(a));
const databaseUrl = urlArg ?? process.env.DATABASE_URL;
const targets = args
  .filter((a) => a !== urlArg)
  .map((a) => path.relative(root, path.resolve(a)) || '.');
if (!databaseUrl) usage('No database URL: pass one, or set DATABASE_URL.');
if (!URL.canParse(databaseUrl))
  usage('The database URL is not a URL (postgres://user:password@host:port/db).');
for (const target of targets) {
  if (!existsSync(target)) usage(`No such test file or folder: ${target}`);
}

/** libpg's environment for the URL, so that no password shows on pg_prove's command line. */
function libpqEnv(url) {
  const u = new URL(url);
  const env = {};
  if (u.hostname) env.PGHOST = u.hostname.replace(/^\[(.*)\]$/, '$1');
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const fromQuery = {
    host: 'PGHOST',
    port: 'PGPORT',
    user: 'PGUSER',
    password: 'PGPASSWORD',
    dbname: 'PGDATABASE',
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    connect_timeout: 'PGCONNECT_TIMEOUT',
    application_name: 'PGAPPNAME',
    options: 'PGOPTIONS',
  };
  for (const [key, value] of u.searchParams) {
    if (fromQuery[key]) env[fromQuery[key]] = value;
    else console.warn(`check-database: the URL's ${key} parameter is not passed to pg_prove`);
  }
  return env;
}

/** Where the URL points, for the header (never the password). */
function describe(url) {
  const u = new URL(url);
  return `${decodeURIComponent(u.username) || '(default user)'}@${u.host || 'localhost'}${u.pathname}`;
}

/** A connected client, or undefined after saying in one line why there is none. */
async function connect() {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    console.error(`Cannot connect to ${describe(databaseUrl)}: ${error.message}`);
    return undefined;
  }
}

function hasPgProve() {
  const probe = spawnSync('pg_prove', ['--version'], { encoding: 'utf8' });
  return probe.status === 0;
}

/**
 * pgTAP in the database, and the search_path that finds it: installed where it is, or created in
 * `extensions` (as `supabase test db` does) and dropped by `cleanup`.
 */
async function preparePgTap(client) {
  const found = await client.query(
    `select n.nspname as schema, e.extversion as version
       from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgtap'`,
  );
  let created = false;
  let createdSchema = false;
  let { schema, version } = found.rows[0] ?? {};
  if (!schema) {
    try {
      const had = await client.query(`select 1 from pg_namespace where nspname = 'extensions'`);
      await client.query('begin');
      if (had.rowCount === 0) {
        await client.query('create schema extensions');
        createdSchema = true;
      }
      await client.query('create extension pgtap with schema extensions');
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw new Error(
        `pgTAP is not installed in the database and could not be created (${error.message}). ` +
          'Install it as a role that may: create extension pgtap with schema extensions; ' +
          '(Debian: apt install postgresql-15-pgtap)',
        { cause: error },
      );
    }
    created = true;
    ({ schema, version } = (
      await client.query(
        `select n.nspname as schema, e.extversion as version
           from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgtap'`,
      )
    ).rows[0]);
  }
  const searchPath = await client.query(
    `select $1 = any (current_schemas(false)) as visible,
            (select string_agg(quote_ident(s), ',') from unnest(current_schemas(false) || $1::name) as s)
              as with_pgtap`,
    [schema],
  );
  const { visible, with_pgtap: withPgTap } = searchPath.rows[0];
  const cleanup = async () => {
    if (!created) return;
    await client.query('drop extension if exists pgtap');
    if (createdSchema) await client.query('drop schema if exists extensions');
  };
  return { schema, version, created, searchPath: visible ? null : withPgTap, cleanup };
}

/** The pgTAP suite through pg_prove, as `supabase test db` runs it. */
async function runPgTap() {
  if (!hasPgProve()) {
    console.error(
      'pg_prove is not on PATH (Debian: apt install libtap-parser-sourcehandler-pgtap-perl).',
    );
    return false;
  }
  const client = await connect();
  if (!client) return false;
  let pgtap;
  try {
    pgtap = await preparePgTap(client);
  } catch (error) {
    console.error(error.message);
    await client.end();
    return false;
  }
  try {
    const env = { ...process.env, ...libpqEnv(databaseUrl) };
    if (pgtap.searchPath) {
      env.PGOPTIONS = `${env.PGOPTIONS ?? ''} -c search_path=${pgtap.searchPath}`.trim();
    }
    console.log(
      `pgTAP ${pgtap.version} (schema ${pgtap.schema}${pgtap.created ? ', created for this run' : ''})` +
        ` on ${describe(databaseUrl)}`,
    );
    const run = spawnSync(
      'pg_prove',
      [
        '--ext',
        '.sql',
        '--ext',
        '.pg',
        '--recurse',
        '--failures',
        ...(targets.length ? targets : [TESTS_DIR]),
      ],
      { cwd: root, env, stdio: 'inherit' },
    );
    if (run.error) console.error(`pg_prove did not run: ${run.error.message}`);
    return run.status === 0;
  } finally {
    await pgtap
      .cleanup()
      .catch((error) => console.error(`Could not drop pgTAP again: ${error.message}`));
    await client.end();
  }
}

/** Prints each finding of hosted's rules; true when there is none. */
function reportFindings(findings, what) {
  for (const finding of findings) console.error(`  ${formatFinding(finding)}`);
  console.log(findings.length ? `${findings.length} found in ${what}` : `nothing found in ${what}`);
  return findings.length === 0;
}

/** The migrations as written: every function's final body, and DDL on platform tables. */
async function guardMigrations() {
  const dir = path.join(root, 'supabase', 'migrations');
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const files = names.map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
  return reportFindings(await checkMigrations(files), `${files.length} migrations`);
}

/**
 * The database's functions as they are (a function changed outside the migrations shows too):
 * none may hold an UPDATE or DELETE that pg-safeupdate refuses in an API session.
 */
async function guardDatabaseFunctions() {
  const client = await connect();
  if (!client) return false;
  try {
    const { rows } = await client.query(
      `select pg_get_functiondef(p.oid) as def
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.prokind in ('f', 'p')
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                             and d.objid = p.oid and d.deptype = 'e')`,
    );
    const findings = await checkMigrations([
      { name: describe(databaseUrl), sql: rows.map((r) => `${r.def};`).join('\n') },
    ]);
    return reportFindings(
      findings.filter((f) => f.rule !== 'platform-ddl'),
      `${rows.length} functions of the database`,
    );
  } finally {
    await client.end();
  }
}

/**
 * `supabase db lint` (plpgsql_check over every PL/pgSQL function of public and private), with the
 * Supabase CLI from npm at the version the README's deploy path pins; clean at warning level.
 */
function lint() {
  const run = spawnSync(
    'npx',
    [
      '--yes',
      `supabase@${SUPABASE_CLI}`,
      'db',
      'lint',
      '--db-url',
      databaseUrl,
      '--schema',
      'public,private',
      '--level',
      'warning',
      '--fail-on',
      'warning',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.error) console.error(`supabase db lint did not run: ${run.error.message}`);
  return run.status === 0;
}

// The checks, in order; each prints its own report and says whether it passed.
const steps = [
  { name: "hosted Supabase's rules over supabase/migrations", run: guardMigrations },
  { name: "hosted Supabase's rules over the database's functions", run: guardDatabaseFunctions },
  { name: 'pgTAP suite (supabase/tests)', run: runPgTap },
  { name: `supabase db lint (CLI ${SUPABASE_CLI})`, run: lint },
];

let failed = 0;
for (const step of steps) {
  console.log(`== ${step.name}`);
  const started = Date.now();
  const passed = await step.run();
  console.log(
    `== ${step.name}: ${passed ? 'passed' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (!passed) failed += 1;
}
process.exit(failed ? 1 : 0);
