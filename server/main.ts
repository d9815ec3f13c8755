// `npm start`: the product on one local origin: the built PWA plus the local Supabase stand-in
// (auth under /auth/v1) over embedded PGlite persisted in .data/ (or DATABASE_URL's PostgreSQL).
import { startServer } from './app';
import { migrate, openDatabase } from './db/database';

const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? '.data/pglite';
const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const applied = await migrate(db);
if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);

const port = Number(process.env.PORT ?? 4173);
const running = await startServer({ port, host: process.env.HOST ?? '127.0.0.1', db });
console.log(`\nChairside Service is running at ${running.url}/`);
console.log(
  `Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${dataDir}`}\n`,
);

const stop = () =>
  void running
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
