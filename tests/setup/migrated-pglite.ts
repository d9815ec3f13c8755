// One migrated PGlite for a whole test run: the integration and browser projects' global set-up
// migrates an in-memory database once and dumps it to a file; each test file then opens its own
// copy (`openMigratedPglite`) instead of running PGlite's initdb and every migration again, the
// slowest part of a file's set-up. Each copy is a separate database: files still share no rows.
// The dump is kept in node_modules/.cache, named by what it is made of (PGlite's version, the
// database module, the bootstrap and every migration): `npm test`'s browser phase reuses the one its
// integration phase made, and a run after a change to any of them makes a new one.
//
// Each file pays for its copy's opening, most of it unpacking the dump: the dump leaves out the two
// template databases (template0, template1), which no test connects to (PGlite serves its one
// database, `postgres`; CREATE DATABASE runs only on a real PostgreSQL): 27 MB to unpack instead of
// 42 MB, about a quarter less CPU for each copy.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import {
  BOOTSTRAP_FILE,
  dumpPglite,
  migrate,
  MIGRATIONS_DIR,
  openDatabase,
  type Database,
} from '../../server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump's file, or '' when the run has none (DATABASE_URL). */
    migratedPglite: string;
  }
}

const CACHE_DIR = path.resolve('node_modules', '.cache', 'chairside-tests');

/** A name for the migrated database: changes whenever anything it is made from changes. */
async function migratedDumpKey(): Promise<string> {
  const hash = createHash('sha256');
  // PGlite's package.json is not among its exports: found from its entry point.
  let pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!(await stat(path.join(pglite, 'package.json')).catch(() => null))) {
    if (pglite === path.dirname(pglite)) throw new Error("PGlite's package.json not found");
    pglite = path.dirname(pglite);
  }
  hash.update(await readFile(path.join(pglite, 'package.json')));
  const databaseModule = path.resolve('server', 'db', 'database.ts');
  const thisModule = path.resolve('tests', 'setup', 'migrated-pglite.ts');
  for (const file of [databaseModule, thisModule, BOOTSTRAP_FILE])
    hash.update(await readFile(file));
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    hash.update(name);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Global set-up: provides the migrated database's dump, made once per schema and PGlite. */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    project.provide('migratedPglite', '');
    return;
  }
  const file = path.join(CACHE_DIR, `migrated-${await migratedDumpKey()}.tar`);
  const made = await stat(file).then(
    (s) => s.size > 0,
    () => false,
  );
  if (!made) {
    const db = await openDatabase({});
    await migrate(db);
    const { rows: templates } = await db.query<{ oid: number }>(
      `select oid::int from pg_database where datname in ('template0', 'template1')`,
    );
    const dump = withoutDirectories(
      new Uint8Array(await (await dumpPglite(db)).arrayBuffer()),
      templates.map(({ oid }) => `base/${oid}`),
    );
    await db.close();
    await mkdir(CACHE_DIR, { recursive: true });
    // Written aside and renamed: a run that starts meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, dump);
    await rename(partial, file).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    // The dumps of earlier schemas (42 MB each) go.
    for (const name of await readdir(CACHE_DIR)) {
      const old = path.join(CACHE_DIR, name);
      if (/^migrated-[0-9a-f]+\.tar$/.test(name) && old !== file) await rm(old, { force: true });
    }
  }
  project.provide('migratedPglite', file);
}

/**
 * The tar archive `tar` (ustar, as PGlite writes it) without the entries under `directories`
 * (paths relative to the data directory, e.g. `base/1`).
 */
export function withoutDirectories(tar: Uint8Array, directories: string[]): Uint8Array {
  const kept: Uint8Array[] = [];
  const text = (from: number, length: number) =>
    new TextDecoder().decode(tar.subarray(from, from + length)).replace(/\0.*$/s, '');
  let at = 0;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const type = String.fromCharCode(tar[at + 156]!);
    if (!['0', '5', '\0'].includes(type)) throw new Error(`Unexpected tar entry type '${type}'`);
    const prefix = text(at + 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(at, 100);
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const relative = name.replace(/^\/+/, '').replace(/\/+$/, '');
    if (!directories.some((dir) => relative === dir || relative.startsWith(`${dir}/`))) {
      kept.push(tar.subarray(at, end));
    }
    at = end;
  }
  kept.push(new Uint8Array(1024)); // the archive's end: two empty blocks
  return Buffer.concat(kept);
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
