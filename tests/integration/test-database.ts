// A fresh database for one test file: in-memory PGlite by default (a copy of the run's migrated
// one, tests/setup/migrated-pglite.ts); with DATABASE_URL set, a new
// throw-away database on that PostgreSQL server (dropped on close), so files never share rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '../../server/db/database';
import { openMigratedPglite } from '../setup/migrated-pglite';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openMigratedPglite();
  const scratch = await createScratchDatabase(url);
  const db = await openDatabase({ databaseUrl: scratch.url });
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server at `url`: its URL, and how to drop it. */
export async function createScratchDatabase(
  url: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  return {
    url: testUrl.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
