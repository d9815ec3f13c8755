import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './database';
import { checkMigrations, formatFinding, splitStatements, type SqlFile } from './hosted-rules';

const migrations: SqlFile[] = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => ({ name, sql: readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8') }));

const planted = (sql: string) => checkMigrations([{ name: 'planted.sql', sql }]);

describe('hosted rules over supabase/migrations', () => {
  it('finds nothing hosted Supabase refuses in the migrations as they are', async () => {
    expect((await checkMigrations(migrations)).map(formatFinding)).toEqual([]);
  });

  it('finds the unfiltered UPDATE that broke production when migration 0024 is left out', async () => {
    const before = migrations.filter((file) => !file.name.includes('_hosted_rules'));
    expect(before.length).toBe(migrations.length - 1);
    expect((await checkMigrations(before)).map(formatFinding)).toEqual([
      expect.stringMatching(
        /^20261123000011_sync\.sql:192: UPDATE of public\.sync_departures_state without WHERE in private\.prune_sync_departures\(pg_catalog\.interval\)/,
      ),
      expect.stringMatching(
        /^20261128000022_home_counts\.sql:51: DELETE of private\.ticket_counts without WHERE in private\.keep_ticket_counts\(\)/,
      ),
      expect.stringMatching(
        /^20261128000022_home_counts\.sql:96: DELETE of private\.request_counts without WHERE in private\.keep_request_counts\(\)/,
      ),
    ]);
  });
});

describe('unfiltered UPDATE and DELETE in function bodies', () => {
  it('catches one planted in a PL/pgSQL branch, on its line', async () => {
    const findings = await planted(`-- a header
create or replace function public.close_all() returns void
language plpgsql
as $$
begin
  if true then
    update public.support_tickets set status = 'Closed';
  end if;
end
$$;`);
    expect(findings).toEqual([
      expect.objectContaining({ file: 'planted.sql', line: 7, rule: 'unfiltered-update' }),
    ]);
    expect(findings[0]?.message).toContain('UPDATE of public.support_tickets without WHERE');
  });

  it('catches a DELETE in a SQL function, in a CTE, in BEGIN ATOMIC and in an EXECUTE literal', async () => {
    const findings = await planted(`
create function private.a() returns void language sql as $$ delete from private.t $$;
create function private.b() returns bigint language plpgsql as $$
declare n bigint;
begin
  with gone as (delete from private.t returning 1) select count(*) into n from gone;
  return n;
end $$;
create function private.c() returns void language sql begin atomic; update private.t set a = 1; end;
create function private.d(tab text) returns void language plpgsql as $$
begin
  execute format('delete from %I', tab);
end $$;`);
    expect(findings.map((f) => f.message.split(':')[0])).toEqual([
      'DELETE of private.t without WHERE in private.a()',
      'DELETE of private.t without WHERE in private.b()',
      'UPDATE of private.t without WHERE in private.c()',
      'DELETE of public.x without WHERE in private.d(text) (dynamic SQL)',
    ]);
  });

  it('lets a WHERE clause through, `where true` included, and judges only the final definition', async () => {
    expect(
      await planted(`
create function private.e() returns void language plpgsql as $$
begin
  update private.state set at = now() where true;
  delete from private.log where at < now() - interval '1 day';
end $$;
create function private.f() returns void language sql as $$ delete from private.t $$;
create or replace function private.f() returns void language sql as $$ delete from private.t where id = 1 $$;`),
    ).toEqual([]);
  });
});

describe('DDL against platform tables', () => {
  it('allows the policies supautils allows, the sign-up trigger and rows in platform tables', async () => {
    expect(
      await planted(`
create policy p on storage.objects for select to authenticated using (true);
alter policy p on storage.objects rename to q;
drop policy if exists q on storage.objects;
create policy r on realtime.messages for insert to authenticated with check (true);
create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_auth_user();
insert into storage.buckets (id, name) values ('photos', 'photos');`),
    ).toEqual([]);
  });

  it('refuses any other DDL on auth, storage and realtime, each on its line', async () => {
    const findings = await planted(`alter table auth.users add column x int;
grant select on storage.objects to anon;
create index on realtime.messages (topic);
create trigger t before delete on storage.objects for each row execute function private.f();
create function auth.me() returns uuid language sql as $$ select null::uuid $$;
create policy p on auth.sessions for select using (true);
comment on table storage.buckets is 'photos';`);
    expect(findings.map((f) => [f.line, f.rule, f.message.split(':')[0]])).toEqual([
      [1, 'platform-ddl', 'AlterTableStmt on auth.users'],
      [2, 'platform-ddl', 'GrantStmt on storage.objects'],
      [3, 'platform-ddl', 'IndexStmt on realtime.messages'],
      [4, 'platform-ddl', 'CreateTrigStmt on storage.objects'],
      [5, 'platform-ddl', 'CreateFunctionStmt on auth.me'],
      [6, 'platform-ddl', 'CreatePolicyStmt on auth.sessions'],
      [7, 'platform-ddl', 'CommentStmt on storage.buckets'],
    ]);
  });
});

describe('splitStatements', () => {
  it('cuts a file into its statements with their lines, multi-byte text included', async () => {
    const statements = await splitStatements(
      "-- £ a comment\nselect 'café';\n\ncreate table public.t (a int);",
    );
    expect(statements.map((s) => [s.line, s.kind, s.text])).toEqual([
      [2, 'SelectStmt', "select 'café'"],
      [4, 'CreateStmt', 'create table public.t (a int)'],
    ]);
  });
});
