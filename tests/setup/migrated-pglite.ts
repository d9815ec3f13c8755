// One migrated PGlite for a whole test run: the integration and browser projects' global set-up
// migrates an in-memory database once and dumps it to a file; each test file then opens its own
// copy (`openMigratedPglite`) instead of running PGlite's initdb and every migration again, the
// slowest part of a file's set-up. Each copy is a separate database: files still share no rows.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { dumpPglite, migrate, openDatabase, type Database } from '../../server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump's file, or '' when the run has none (DATABASE_URL). */
    migratedPglite: string;
  }
}

/** Global set-up: migrates once and provides the dump's file; removes it after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('migratedPglite', '');
    return async () => {};
  }
  const db = await openDatabase({});
  await migrate(db);
  const dump = await dumpPglite(db);
  await db.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'chairside-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPglite', file);
  return () => rm(dir, { recursive: true, force: true });
}

let dump: Promise<Blob> | undefined;

/**
 * A new in-memory PGlite with every migration applied: a copy of the run's dump when the project
 * has one, else migrated here (a project without the global set-up, e.g. the benches).
 */
export async function openMigratedPglite(): Promise<Database> {
  const file = inject('migratedPglite');
  if (!file) {
    const db = await openDatabase({});
    await migrate(db);
    return db;
  }
  dump ??= readFile(file).then((bytes) => new Blob([bytes]));
  return openDatabase({ loadDataDir: await dump });
}
