// The stand-in is as strict as hosted Supabase (issue 42, ../shared/HOSTED-SUPABASE.md): the
// migrations' owner is no superuser and owns no platform table, supautils' policy allowance and
// nothing more, hosted's default privileges (and migration 0024 taking back anon's), GoTrue's
// auth.users and auth.identities, auth.jwt() without claims, storage.objects refusing direct
// deletes, realtime.messages by day and realtime.send with the caller's rights, and migrations
// that would leave a function pg-safeupdate refuses. Runs on PGlite and on PostgreSQL alike.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DatabaseOpenError,
  MIGRATIONS_DIR,
  migrate,
  migrationsOwner,
  openDatabase,
  type Database,
  type Queryable,
} from '../../server/db/database';
import { createScratchDatabase, openTestDatabase, usingPostgres } from './test-database';

let db: Database;
let owner = '';

// A test that makes a database from nothing (a PGlite initdb, or a scratch database, and every
// migration) took over a minute beside other work: four minutes is a hang's limit, not a slow
// machine's.
const FRESH_DATABASE_LIMIT = 240_000;

beforeAll(async () => {
  db = await openTestDatabase();
  owner = await migrationsOwner(db);
});

afterAll(async () => {
  await db.close();
});

/** Runs `fn` in a transaction as `role`, with PostgREST's claims when given; always rolled back. */
async function as<T>(
  role: string,
  fn: (tx: Queryable) => Promise<T>,
  claims?: Record<string, unknown>,
): Promise<T> {
  const rollback = new Error('rollback');
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.exec(`set local role "${role}"`);
      if (claims) {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify(claims),
        ]);
      }
      result = await fn(tx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return result as T;
}

/** A fresh, empty database of the same engine; closed and dropped by the caller's `close`. */
async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({});
  const scratch = await createScratchDatabase(url);
  const fresh = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...fresh,
    async close() {
      await fresh.close();
      await scratch.drop();
    },
  };
}

/** A directory holding today's migrations named before `until` (all by default), plus extra files. */
async function migrationsUntil(
  until: string | undefined,
  extra: Record<string, string> = {},
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  for (const name of await readdir(MIGRATIONS_DIR)) {
    if (until === undefined || name < until)
      await symlink(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
  }
  for (const [name, sql] of Object.entries(extra)) await writeFile(path.join(dir, name), sql);
  return dir;
}

describe("the migrations' owner", () => {
  it('is no superuser, bypasses RLS as hosted postgres does, and owns every object of the project', async () => {
    expect(owner).toBe(usingPostgres && owner === 'postgres' ? 'postgres' : owner);
    const { rows } = await db.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
      [owner],
    );
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: true }]);
    const foreign = await db.query<{ object: string }>(
      `select c.oid::regclass::text as object from pg_class c
        where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
          and pg_get_userbyid(c.relowner) <> $1
       union all
       select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and pg_get_userbyid(p.proowner) <> $1`,
      [owner],
    );
    expect(foreign.rows).toEqual([]);
  });

  it('owns no platform table: auth, storage and realtime belong to their services', async () => {
    const { rows } = await db.query<{ schema: string; owner: string }>(
      `select distinct n.nspname as schema, pg_get_userbyid(c.relowner) as owner
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('auth', 'storage', 'realtime') and c.relkind in ('r', 'p')
        order by 1, 2`,
    );
    expect(rows).toEqual([
      { schema: 'auth', owner: 'supabase_auth_admin' },
      { schema: 'realtime', owner: 'supabase_realtime_admin' },
      { schema: 'storage', owner: 'supabase_storage_admin' },
    ]);
  });

  it(
    'may write policies on the listed platform tables (supautils) and nothing else there',
    async () => {
      const fresh = await freshDatabase();
      const dir = await migrationsUntil(undefined, {
        '20991231000001_policy.sql':
          'create policy planted_read on storage.objects for select to authenticated using (false);',
      });
      const refused = await migrationsUntil(undefined, {
        '20991231000001_policy.sql':
          'create policy planted_read on storage.objects for select to authenticated using (false);',
        '20991231000002_alter.sql': 'alter table auth.users add column planted text;',
      });
      try {
        expect(await migrate(fresh, { migrationsDir: dir })).toContain('20991231000001_policy.sql');
        const policies = await fresh.query<{ policyname: string }>(
          `select policyname from pg_policies where tablename = 'objects' and policyname = 'planted_read'`,
        );
        expect(policies.rows).toEqual([{ policyname: 'planted_read' }]);
        await expect(migrate(fresh, { migrationsDir: refused })).rejects.toThrow(
          'must be owner of table users',
        );
      } finally {
        await fresh.close();
        await rm(dir, { recursive: true, force: true });
        await rm(refused, { recursive: true, force: true });
      }
    },
    FRESH_DATABASE_LIMIT,
  );
});

describe('privileges', () => {
  it('leaves anon no privilege on any table, sequence or function of the project', async () => {
    const { rows } = await db.query<{ object: string }>(
      `select c.oid::regclass::text || ' ' || p.priv as object
         from pg_class c
         cross join unnest(array['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES',
                                 'TRIGGER']) p(priv)
        where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
          and c.relkind in ('r', 'p', 'v', 'm')
          and has_table_privilege('anon', c.oid, p.priv)
       union all
       select c.oid::regclass::text || ' USAGE' from pg_class c
        where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
          and case when c.relkind = 'S' then has_sequence_privilege('anon', c.oid, 'USAGE')
                   else false end
       union all
       select p.oid::regprocedure::text || ' EXECUTE' from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
          and has_function_privilege('anon', p.oid, 'EXECUTE')`,
    );
    expect(rows).toEqual([]);
    const usage = await db.query<{ usage: boolean }>(
      `select has_schema_privilege('anon', 'private', 'USAGE') as usage`,
    );
    expect(usage.rows).toEqual([{ usage: false }]);
  });

  it("gives what the owner creates later hosted's defaults, less what migration 0024 takes back", async () => {
    const table = `planted_${randomUUID().slice(0, 8)}`;
    const granted = await as(owner, async (tx) => {
      await tx.exec(`create table public.${table} (id int);
        create function public.${table}_f() returns int language sql as 'select 1';`);
      const { rows } = await tx.query<{ who: string; privileges: string[] }>(
        `select r.who,
                array(select p from unnest(array['SELECT','INSERT','UPDATE','DELETE','TRUNCATE',
                                                  'REFERENCES','TRIGGER']) p
                       where has_table_privilege(r.who, 'public.${table}', p)) ||
                case when has_function_privilege(r.who, 'public.${table}_f()', 'EXECUTE')
                     then array['EXECUTE'] else array[]::text[] end as privileges
           from unnest(array['anon', 'authenticated', 'service_role']) r(who)`,
      );
      return rows;
    });
    expect(granted).toEqual([
      { who: 'anon', privileges: [] },
      { who: 'authenticated', privileges: ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'EXECUTE'] },
      {
        who: 'service_role',
        privileges: [
          'SELECT',
          'INSERT',
          'UPDATE',
          'DELETE',
          'TRUNCATE',
          'REFERENCES',
          'TRIGGER',
          'EXECUTE',
        ],
      },
    ]);
  });
});

describe('auth, as GoTrue shapes it', () => {
  it("has GoTrue's auth.users columns and auth.identities beside it", async () => {
    const { rows } = await db.query<{ table_name: string; n: number }>(
      `select table_name, count(*)::int as n from information_schema.columns
        where table_schema = 'auth' and table_name in ('users', 'identities')
        group by table_name order by table_name`,
    );
    expect(rows).toEqual([
      { table_name: 'identities', n: 9 },
      { table_name: 'users', n: 35 },
    ]);
  });

  it('returns NULL from auth.jwt() without claims, and the claims with them', async () => {
    expect(
      await as('authenticated', async (tx) => (await tx.query('select auth.jwt() as j')).rows),
    ).toEqual([{ j: null }]);
    const sub = randomUUID();
    const withClaims = await as(
      'authenticated',
      async (tx) =>
        (await tx.query('select auth.jwt() ->> $1 as sub, auth.uid() as uid', ['sub'])).rows,
      { sub, role: 'authenticated' },
    );
    expect(withClaims).toEqual([{ sub, uid: sub }]);
  });

  it('runs the sign-up trigger as supabase_auth_admin: the user gets their public.users row', async () => {
    const id = randomUUID();
    const email = `gotrue.${id.slice(0, 8)}@example.com`;
    const created = await as('supabase_auth_admin', async (tx) => {
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data,
                                 raw_app_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated',
                 $2, '{"name": "Grace Hopper", "role": "ENGINEER"}', '{}', now(), now())`,
        [id, email],
      );
      await tx.exec('reset role');
      return (await tx.query('select name, role from public.users where id = $1', [id])).rows;
    });
    expect(created).toEqual([{ name: 'Grace Hopper', role: 'ENGINEER' }]);
  });
});

describe('storage', () => {
  it('refuses a direct DELETE on storage.objects, as the Storage API alone may delete', async () => {
    await expect(
      db.query(`delete from storage.objects where bucket_id = 'service-photos'`),
    ).rejects.toThrow(
      'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    );
    const allowed = await as(owner, async (tx) => {
      await tx.exec(`set local storage.allow_delete_query = 'true'`);
      return (await tx.query(`delete from storage.objects where bucket_id = 'service-photos'`))
        .rows;
    });
    expect(allowed).toEqual([]);
  });

  it('has no read policy on storage.buckets: the caller sees no bucket', async () => {
    const seen = await as(
      'authenticated',
      async (tx) => (await tx.query('select id from storage.buckets')).rows,
      { sub: randomUUID(), role: 'authenticated' },
    );
    expect(seen).toEqual([]);
  });
});

describe('realtime', () => {
  it('keeps realtime.messages by day, from yesterday to three days ahead', async () => {
    const { rows } = await db.query<{ kind: string; partitions: string[] }>(
      `select c.relkind::text as kind,
              array(select i.inhrelid::regclass::text from pg_inherits i
                     where i.inhparent = c.oid order by 1) as partitions
         from pg_class c where c.oid = 'realtime.messages'::regclass`,
    );
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      return `realtime.messages_${d.toISOString().slice(0, 10).replace(/-/g, '_')}`;
    };
    expect(rows[0]?.kind).toBe('p');
    // The copy of the migrated database may be days old; today's partition is the server's.
    await db.query('select realtime.chairside_ensure_partitions()');
    const after = await db.query<{ partitions: string[] }>(
      `select array(select i.inhrelid::regclass::text from pg_inherits i
                     where i.inhparent = 'realtime.messages'::regclass) as partitions`,
    );
    expect(after.rows[0]?.partitions).toEqual(expect.arrayContaining([day(-1), day(0), day(3)]));
  });

  it("sends with the caller's rights: a message the caller's policies refuse is not stored, and the write commits", async () => {
    const topic = `planted:${randomUUID()}`;
    const after = await as(
      'authenticated',
      async (tx) => {
        await tx.query(`select realtime.send('{"tables": ["x"]}', 'changes', $1, true)`, [topic]);
        return (await tx.query<{ ok: number }>('select 1 as ok')).rows;
      },
      { sub: randomUUID(), role: 'authenticated' },
    );
    expect(after).toEqual([{ ok: 1 }]);
    const kept = await db.query(`select 1 from realtime.messages where topic = $1`, [topic]);
    expect(kept.rows).toEqual([]);
    // As the migrations' owner (BYPASSRLS, granted INSERT as on hosted) it is stored, with its
    // id in the payload, and the topic is set for the rest of the transaction.
    const sent = await as(owner, async (tx) => {
      await tx.query(`select realtime.send('{"tables": ["x"]}', 'changes', $1, true)`, [topic]);
      return (
        await tx.query<{ same: boolean; topic: string }>(
          `select (payload ->> 'id')::uuid = id as same, current_setting('realtime.topic') as topic
             from realtime.messages where topic = $1`,
          [topic],
        )
      ).rows;
    });
    expect(sent).toEqual([{ same: true, topic }]);
  });
});

describe('a database from before the stand-in took hosted shape', () => {
  it(
    'is refused with one line, before anything is applied',
    async () => {
      const fresh = await freshDatabase();
      try {
        await fresh.exec(`create table public.schema_migrations (name text primary key);
        insert into public.schema_migrations values ('20261123000001_tables.sql');`);
        const error: unknown = await migrate(fresh).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DatabaseOpenError);
        expect((error as Error).message).toBe(
          "The data directory was created by an older stand-in of the platform (before it took hosted Supabase's shape: realtime.messages by day, migrations run by a non-superuser); move it away or delete it to start fresh.",
        );
        const { rows } = await fresh.query<{ auth: string | null }>(
          `select to_regnamespace('auth')::text as auth`,
        );
        expect(rows).toEqual([{ auth: null }]);
      } finally {
        await fresh.close();
      }
    },
    FRESH_DATABASE_LIMIT,
  );
});

describe('pg-safeupdate, checked when the migrations are applied', () => {
  it(
    "refuses today's migrations without 0024, naming the prune that broke production",
    async () => {
      const fresh = await freshDatabase();
      const dir = await migrationsUntil('20261128000024');
      try {
        const error: unknown = await migrate(fresh, { migrationsDir: dir }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(DatabaseOpenError);
        expect((error as Error).message).toMatch(
          /^A migration leaves a function that hosted Supabase refuses to run: UPDATE of public\.sync_departures_state without WHERE in private\.prune_sync_departures/,
        );
        expect((error as Error).message).toContain('DELETE of private.ticket_counts without WHERE');
        // With 0024 the same database migrates.
        expect(await migrate(fresh)).toContain('20261128000024_hosted_rules.sql');
      } finally {
        await fresh.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    FRESH_DATABASE_LIMIT,
  );
});
