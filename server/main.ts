// `npm start`: the product on one local origin: the built PWA plus the local Supabase stand-in
// (auth under /auth/v1) over embedded PGlite persisted in .data/ (or DATABASE_URL's PostgreSQL).
import { startServer } from './app';
import { DatabaseOpenError, migrate, openDatabase, type Database } from './db/database';
import { seedDemoData } from './seed/demo-data';
import { DEMO_ACCOUNTS } from '../src/domain/demo-accounts';

/** The defaults the README promises: http://127.0.0.1:4173/ and PGlite in .data/pglite. */
const DEFAULT_PORT = 4173;
const DEFAULT_DATA_DIR = '.data/pglite';
const DEFAULT_STORAGE_DIR = '.data/storage';

const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR;

/** Opens the database, or ends the process with one line saying which path and why. */
async function open(): Promise<Database> {
  try {
    return await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseOpenError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const db = await open();
// A data directory from an older layout of the migration files: one line, as open() says it.
const applied = await migrate(db).catch(async (error: unknown) => {
  if (!(error instanceof DatabaseOpenError)) throw error;
  console.error(error.message);
  await db.close();
  process.exit(1);
});
if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
// The demo data set (and the local demo accounts) on first start; DEMO_DATA=0 skips it.
const demoData = process.env.DEMO_DATA !== '0';
if (demoData && (await seedDemoData(db))) console.log('Loaded the demo data set');

/** A positive whole number of seconds from the environment, or the default; else one line and exit. */
function seconds(name: string): number | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name} must be a whole number of seconds, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

// A real deployment sets its own secret; without one the public demo secret signs the tokens,
// which the server accepts only on loopback.
const jwtSecret = process.env.JWT_SECRET || undefined;
if (jwtSecret !== undefined && jwtSecret.length < 32) {
  console.error('JWT_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)');
  process.exit(1);
}
const auth = {
  accessTokenTtlSeconds: seconds('JWT_EXPIRY'),
  refreshTokenTtlSeconds: seconds('REFRESH_TOKEN_EXPIRY'),
};
const allowedOrigins = (process.env.CORS_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);

const port = Number(process.env.PORT || DEFAULT_PORT);
const host = process.env.HOST || '127.0.0.1';
// Storage's files beside the database: .data/storage by default.
const storageDir = process.env.STORAGE_DIR || DEFAULT_STORAGE_DIR;
const running = await startServer({
  port,
  host,
  db,
  jwtSecret,
  auth,
  allowedOrigins,
  storageDir,
}).catch(async (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  const why =
    code === 'EADDRINUSE'
      ? 'the port is in use (another `npm start`?); set PORT to another port'
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`Cannot listen on ${host}:${port}: ${why}`);
  await db.close();
  process.exit(1);
});
console.log(`\nChairside Service is running at ${running.url}/`);
console.log(
  `Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${dataDir}`}\n`,
);
if (demoData) {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  console.log('Local demo accounts (local demo credentials only; DEMO_DATA=0 skips them):');
  console.log(`  ${'ROLE'.padEnd(9)} ${'EMAIL'.padEnd(width)}  PASSWORD`);
  for (const a of DEMO_ACCOUNTS) {
    console.log(`  ${a.role.padEnd(9)} ${a.email.padEnd(width)}  ${a.password}`);
  }
  console.log('');
}

const stop = () =>
  void running
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
