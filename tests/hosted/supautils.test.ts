// supautils as hosted Supabase has it, played by server/db/safeupdate/chairside_supautils.c on a
// PostgreSQL prepared as hosted (scripts/hosted-postgres.sh preloads it): `postgres`, no superuser
// and owner of no platform table, may write policies on the platform tables hosted lists and
// create pgTAP and plpgsql_check, and nothing else there. This is what lets `supabase db push`
// and `npm run check:db` run as `postgres` locally as they do on a hosted project (README, "Deploy
// to hosted Supabase").
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/db/database';
import { createScratchDatabase } from '../integration/test-database';

const url = process.env.DATABASE_URL;
if (!url)
  throw new Error(
    'tests/hosted needs DATABASE_URL: a PostgreSQL prepared as hosted (scripts/hosted-postgres.sh)',
  );

let drop: () => Promise<void>;
let asPostgres: pg.Client;

beforeAll(async () => {
  const scratch = await createScratchDatabase(url);
  drop = scratch.drop;
  const db = await openDatabase({ databaseUrl: scratch.url });
  await migrate(db);
  await db.close();
  const postgresUrl = new URL(scratch.url);
  postgresUrl.username = 'postgres';
  asPostgres = new pg.Client({ connectionString: postgresUrl.toString() });
  await asPostgres.connect();
});

afterAll(async () => {
  await asPostgres?.end();
  await drop?.();
});

/** Runs `sql` as `postgres` in a transaction that is rolled back: its error message, or 'ok'. */
async function tryAsPostgres(sql: string): Promise<string> {
  await asPostgres.query('begin');
  try {
    await asPostgres.query(sql);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await asPostgres.query('rollback');
  }
}

describe('postgres on a PostgreSQL prepared as hosted (supautils)', () => {
  it('is no superuser and owns no platform table', async () => {
    const { rows } = await asPostgres.query<{ rolsuper: boolean; owned: number }>(
      `select (select rolsuper from pg_roles where rolname = current_user) as rolsuper,
              (select count(*)::int from pg_class
                where relnamespace in ('auth'::regnamespace, 'storage'::regnamespace,
                                       'realtime'::regnamespace)
                  and relowner = current_user::regrole) as owned`,
    );
    expect(rows).toEqual([{ rolsuper: false, owned: 0 }]);
  });

  it('may create, alter, rename and drop policies on the listed platform tables', async () => {
    expect(
      await tryAsPostgres(`
        create policy planted on storage.objects for select to authenticated using (false);
        alter policy planted on storage.objects using (true);
        alter policy planted on storage.objects rename to planted_too;
        drop policy planted_too on storage.objects;
        create policy planted on auth.users for select to authenticated using (false);
        create policy planted on realtime.messages for select to authenticated using (false);`),
    ).toBe('ok');
  });

  it('may not do anything else to a platform table', async () => {
    expect(await tryAsPostgres('alter table auth.users add column planted text')).toBe(
      'must be owner of table users',
    );
    expect(
      await tryAsPostgres(
        'create policy planted on auth.refresh_tokens for select to authenticated using (false)',
      ),
    ).toBe('must be owner of table refresh_tokens');
    expect(await tryAsPostgres('alter table storage.objects disable row level security')).toBe(
      'must be owner of table objects',
    );
  });

  it('may create and drop pgTAP and plpgsql_check, and no other extension that needs a superuser', async () => {
    expect(
      await tryAsPostgres(`
        create extension if not exists pgtap with schema extensions;
        create extension if not exists plpgsql_check with schema extensions;
        drop extension pgtap, plpgsql_check;`),
    ).toBe('ok');
    expect(await tryAsPostgres('create extension pg_stat_statements')).toBe(
      'permission denied to create extension "pg_stat_statements"',
    );
  });
});
