// The shape of supabase/migrations: tables and policies first, then the mutation ledger with the
// one argument-parsing helper family (ops_arg_*), then one file of functions per entity. Each
// function is defined once, so the file that defines it holds its live definition, and every
// guarded operation reads its args through ops_arg_*. A database made from another layout of the
// files is refused by migrate() with one line, before anything is applied.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DatabaseOpenError,
  MIGRATIONS_DIR,
  RECORDED_MIGRATIONS,
  migrate,
  openDatabase,
  type Database,
} from '../../server/db/database';
import { MUTATION_NAMES, rpcName } from '../../src/domain/mutations';
import { openTestDatabase } from './test-database';

interface Migration {
  name: string;
  sql: string;
}

let migrations: Migration[] = [];

beforeAll(async () => {
  const names = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  migrations = await Promise.all(
    names.map(async (name) => ({
      name,
      sql: await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'),
    })),
  );
});

/** The SQL without its comments, so a function named in prose is not taken for a definition. */
function code(sql: string): string {
  return sql.replace(/--[^\n]*/g, '');
}

/** Every `create [or replace] function public.<name>` (or private.<name>) in a file, in order. */
function definedFunctions(sql: string): string[] {
  return [
    ...code(sql).matchAll(/create\s+(?:or\s+replace\s+)?function\s+(?:public|private)\.(\w+)/gi),
  ].map((m) => (m[1] ?? '').toLowerCase());
}

/** The body of `public.<name>`'s live definition (its last one, between its $$ quotes). */
function bodyOf(sql: string, name: string): string {
  const matches = [
    ...code(sql).matchAll(
      new RegExp(
        `create\\s+(?:or\\s+replace\\s+)?function\\s+public\\.${name}\\s*\\([\\s\\S]*?\\$\\$([\\s\\S]*?)\\$\\$`,
        'gi',
      ),
    ),
  ];
  return matches[matches.length - 1]?.[1] ?? '';
}

describe('the migration files', () => {
  it('put tables first, then policies, then the mutation ledger, then the entities', () => {
    const kinds = migrations.map((m) => m.name.replace(/^\d+_/, '').replace(/\.sql$/, ''));
    expect(kinds.slice(0, 3)).toEqual(['tables', 'policies', 'mutation_ledger']);
    expect(kinds).toEqual(expect.arrayContaining(['tickets', 'service_requests', 'sync']));
    // The layout's tables are all in the first file, its policies in the second; a later revision
    // may create the tables of what it introduces (the home counts kept by triggers, 0022).
    for (const [i, m] of migrations.entries()) {
      if (i !== 0 && m.name < '20261124') {
        expect(code(m.sql), m.name).not.toMatch(/create\s+table/i);
      }
      // The layout's policies are all in the second file; a later revision may add the policies
      // of what it introduces (the realtime topics' policies on realtime.messages), never change one.
      if (i !== 1 && m.name < '20261124') {
        expect(code(m.sql), m.name).not.toMatch(/create\s+policy/i);
      }
      expect(code(m.sql), m.name).not.toMatch(/drop\s+policy|alter\s+policy/i);
      if (m.name < '20261124') expect(code(m.sql), m.name).not.toMatch(/drop\s+function/i);
    }
  });

  it('define each function once in the layout files; a later revision file replaces it whole', () => {
    // The layout files (tables to storage, 20261123…) define each function once. A deployed
    // database never runs an edited migration again, so a later change is a revision file
    // (20261124… onwards) that creates or replaces whole functions, each once, and the last
    // definition is the live one.
    const layout = migrations.filter((m) => m.name < '20261124');
    const where = new Map<string, string[]>();
    for (const m of layout) {
      for (const fn of definedFunctions(m.sql)) where.set(fn, [...(where.get(fn) ?? []), m.name]);
    }
    expect(where.size).toBeGreaterThan(50);
    const twice = [...where].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
    // A revision that changes a function's return type drops it and creates it again in the same
    // file, right after: the only plain `create function` and the only `drop function` there.
    for (const m of migrations.filter((r) => r.name >= '20261124')) {
      const defined = definedFunctions(m.sql);
      expect(defined, m.name).toEqual([...new Set(defined)]);
      const dropped = [
        ...code(m.sql).matchAll(
          /drop\s+function\s+(?:public|private)\.(\w+)\s*\([^)]*\);\s*create\s+function\s+(?:public|private)\.(\w+)/gi,
        ),
      ];
      for (const [, gone, created] of dropped) expect(created, m.name).toBe(gone);
      const drops = code(m.sql).match(/drop\s+function/gi) ?? [];
      const creates = code(m.sql).match(/create\s+function/gi) ?? [];
      expect(drops.length, m.name).toBe(dropped.length);
      expect(creates.length, m.name).toBe(dropped.length);
    }
  });

  it('have one argument-parsing helper family, ops_arg_*, in the mutation ledger migration', () => {
    for (const m of migrations) {
      expect(code(m.sql), m.name).not.toMatch(/ticketops_|ops_eq_|ops_admin_/i);
    }
    const ledger = migrations.find((m) => m.name.endsWith('_mutation_ledger.sql'));
    expect(definedFunctions(ledger?.sql ?? '')).toEqual(
      expect.arrayContaining(['ops_arg_object', 'ops_arg_text', 'ops_arg_uuid', 'ops_arg_date']),
    );
    for (const m of migrations) {
      if (m === ledger) continue;
      expect(
        definedFunctions(m.sql).filter((fn) => fn.startsWith('ops_arg_')),
        m.name,
      ).toEqual([]);
    }
  });

  it('open every guarded operation with the one preamble and read its args through ops_arg_*', () => {
    const all = migrations.map((m) => m.sql).join('\n');
    const names = MUTATION_NAMES.map(rpcName);
    expect(names).toHaveLength(35);
    for (const [i, name] of names.entries()) {
      const body = bodyOf(all, name);
      // The one preamble (ledger, role, args an object) is private.op_begin, first thing, under
      // the mutation's own name; never repeated by hand.
      expect(body, name).toMatch(
        new RegExp(
          `\\bbegin\\s+prior := private\\.op_begin\\(mutation_id, '${MUTATION_NAMES[i]!.replace('.', '\\.')}', args[,)]`,
        ),
      );
      // (ops_arg_object on a nested value, e.g. ticket.resolve's signOff, is argument parsing.)
      expect(body, name).not.toMatch(
        /public\.(mutation_begin|require_role)\(|ops_arg_object\(args\)/,
      );
      expect(body, name).toMatch(
        /private\.op_finish\(mutation_id, |public\.mutation_finish\(mutation_id, /,
      );
      expect(body, name).toMatch(/public\.ops_arg_(?!object)\w+\(/);
      // No hand-rolled checks of a scalar arg's type: that is what the helpers are for (nested
      // objects and lists, such as a service notes patch, are checked for their shape in place;
      // stored columns, `ch.warranty -> ...`, are not args).
      expect(body, name).not.toMatch(
        /jsonb_typeof\(\s*(?!\w+\.)[^)]*\)\s*(?:=|<>|is\s+(?:not\s+)?distinct\s+from)\s*'(?:string|number|boolean)'/i,
      );
    }
  });
});

describe('migrate() and the layout of the files', () => {
  let db: Database | undefined;
  let oldLayout = '';

  beforeAll(async () => {
    // A data directory from before the re-cut records the old file names.
    oldLayout = await mkdtemp(path.join(tmpdir(), 'old-layout-'));
    await writeFile(
      path.join(oldLayout, '20261121000001_schema.sql'),
      'create table public.old_layout_marker (id integer);',
    );
    db = await openDatabase({});
  });

  afterAll(async () => {
    await db?.close();
    await rm(oldLayout, { recursive: true, force: true });
  });

  it('refuses a database made from an older layout with one clear line, applying nothing', async () => {
    if (!db) throw new Error('no database');
    expect(await migrate(db, { migrationsDir: oldLayout })).toEqual(['20261121000001_schema.sql']);
    const error: unknown = await migrate(db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseOpenError);
    const message = (error as Error).message;
    expect(message).toBe(
      'The data directory was created by an older schema layout (it records migration ' +
        '20261121000001_schema.sql, which supabase/migrations no longer has); move it away or ' +
        'delete it to start fresh.',
    );
    expect(message).not.toContain('\n');
    const { rows } = await db.query<{ name: string }>(RECORDED_MIGRATIONS);
    expect(rows.map((r) => r.name)).toEqual(['20261121000001_schema.sql']);
    const tables = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_class
        where relnamespace = 'public'::regnamespace and relname = 'support_tickets'`,
    );
    expect(tables.rows[0]?.n).toBe(0);
  });

  // A new database migrated from nothing: initdb and every migration, 70 s beside stress-ng (the
  // project's 60 s limit failed it). Four minutes is a hang's limit, not a slow machine's.
  it('accepts a database that has the first of the current files, and applies the rest', async () => {
    const fresh = await openDatabase({});
    try {
      const first = migrations[0]?.name ?? '';
      const only = await mkdtemp(path.join(tmpdir(), 'first-migration-'));
      try {
        await writeFile(path.join(only, first), migrations[0]?.sql ?? '');
        expect(await migrate(fresh, { migrationsDir: only })).toEqual([first]);
      } finally {
        await rm(only, { recursive: true, force: true });
      }
      expect(await migrate(fresh)).toEqual(migrations.slice(1).map((m) => m.name));
      expect(await migrate(fresh)).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 240_000);
});

// Issue 19: a guarded operation runs its helpers on every mutation, hundreds of times in one
// batch. PostgreSQL (15 to 17, and PGlite) plans the query of a non-inlined SQL function again on
// every call, while PL/pgSQL keeps its plans for the session; a SQL function is inlined into its
// caller only when it is neither SECURITY DEFINER nor SET, and declared no less volatile than its
// body.
describe('functions on the path of every mutation', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });

  afterAll(async () => {
    await db?.close();
  });

  it('keep their plans: the preamble, the role and the ledger helpers are PL/pgSQL', async () => {
    const perMutation = [
      'public.current_user_role',
      'public.require_role',
      'public.mutation_begin',
      'public.mutation_finish',
      'private.require_active_user',
      'private.op_begin',
      'private.op_finish',
    ];
    const { rows } = await db.query<{ name: string; language: string }>(
      `select p.pronamespace::regnamespace::text || '.' || p.proname as name, l.lanname as language
         from pg_proc p join pg_language l on l.oid = p.prolang
        where p.pronamespace::regnamespace::text || '.' || p.proname = any($1::text[])
        order by 1`,
      [perMutation],
    );
    expect(rows).toEqual([...perMutation].sort().map((name) => ({ name, language: 'plpgsql' })));
  });

  it('declare no SQL function immutable whose body calls a function that is not', async () => {
    // Such a function is never inlined (jsonb_build_object and to_char, for one, are STABLE).
    const { rows } = await db.query<{ name: string; callee: string }>(
      `select distinct f.pronamespace::regnamespace::text || '.' || f.proname as name,
              m[1] as callee
         from pg_proc f
         join pg_language l on l.oid = f.prolang and l.lanname = 'sql'
        cross join lateral regexp_matches(f.prosrc, '([a-z_][a-z0-9_]*)\\s*\\(', 'gi') as m
        where f.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and f.provolatile = 'i'
          and exists (select 1 from pg_proc c where c.proname = lower(m[1]))
          and not exists (
            select 1 from pg_proc c where c.proname = lower(m[1]) and c.provolatile = 'i'
          )
        order by 1, 2`,
    );
    expect(rows).toEqual([]);
  });
});
