// `npm start`: the product on one local origin: the built PWA plus the local Supabase stand-in
// (auth under /auth/v1) over embedded PGlite persisted in .data/ (or DATABASE_URL's PostgreSQL).
import { startServer } from './app';
import { migrate, openDatabase } from './db/database';
import { seedDemoData } from './seed/demo-data';
import { DEMO_ACCOUNTS } from '../src/domain/demo-accounts';

const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? '.data/pglite';
const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const applied = await migrate(db);
if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
// The demo data set (and the local demo accounts) on first start; DEMO_DATA=0 skips it.
const demoData = process.env.DEMO_DATA !== '0';
if (demoData && (await seedDemoData(db))) console.log('Loaded the demo data set');

const port = Number(process.env.PORT ?? 4173);
const running = await startServer({ port, host: process.env.HOST ?? '127.0.0.1', db });
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
