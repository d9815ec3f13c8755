-- Hosted Supabase's rules (issue 42, ../shared/HOSTED-SUPABASE.md).
--
-- 1. pg-safeupdate. Hosted Supabase preloads it in every PostgREST session, and it refuses an
--    UPDATE or DELETE without WHERE when the statement is parsed, also inside the functions an RPC
--    runs. private.prune_sync_departures updated its one-row state with none: the departure
--    trigger calls it once a day (and right after the seed), so ticket_take, ticket_assign,
--    chair_assign_owner, a role change and every delete of a synced row failed in production,
--    and kept failing (the failed transaction rolled the prune time back). The home counts'
--    truncate branches (migration 0022) had the same shape. Each now names its rows; the guard
--    over every function body is server/db/hosted-rules.ts (tests: server/db/hosted-rules.test.ts).
--
-- 2. Default privileges. Hosted Supabase grants ALL on every new table, sequence and function in
--    public to anon, authenticated and service_role, and PostgreSQL grants EXECUTE on every new
--    function to PUBLIC. The project's policies all say TO authenticated, so none of anon's
--    privileges could be used, but nothing guarded it. Now anon holds no privilege on any table,
--    sequence or function of public or private (signing up and in is GoTrue's, outside these
--    schemas), authenticated holds no TRUNCATE, REFERENCES or TRIGGER (TRUNCATE ignores RLS),
--    and objects this role creates later start the same way, so a new function is callable only
--    by whom its migration grants it to.

create or replace function private.prune_sync_departures(keep interval default interval '90 days')
returns bigint
language plpgsql
security definer
set search_path = public
as $$
declare
  horizon timestamptz := now() - keep;
  dropped bigint;
begin
  if keep is null or keep < interval '0' then
    raise exception 'The retention must be a positive interval'
      using errcode = 'PT400', detail = 'validation';
  end if;
  -- The state's one row is keyed by singleton = true (pg-safeupdate needs the predicate).
  update public.sync_departures_state
     set kept_since = greatest(kept_since, horizon), pruned_at = now()
   where singleton;
  delete from public.sync_departures where departed_at < horizon;
  get diagnostics dropped = row_count;
  return dropped;
end
$$;

create or replace function private.keep_ticket_counts() returns trigger
language plpgsql
security definer
set search_path = public
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from private.ticket_counts where true;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into private.ticket_counts as c
           (engineer_user_id, status, priority, n, resolved_ms, resolved_n)
    select r.engineer_user_id, r.status, r.priority, -count(*),
           -coalesce(sum(extract(epoch from (r.resolved_at - r.created_at)) * 1000)
                       filter (where r.resolved_at is not null), 0),
           -count(*) filter (where r.resolved_at is not null)
      from old_rows r
     group by r.engineer_user_id, r.status, r.priority
     order by r.engineer_user_id, r.status, r.priority
    on conflict on constraint ticket_counts_group do update
       set n = c.n + excluded.n,
           resolved_ms = c.resolved_ms + excluded.resolved_ms,
           resolved_n = c.resolved_n + excluded.resolved_n;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.ticket_counts as c
           (engineer_user_id, status, priority, n, resolved_ms, resolved_n)
    select r.engineer_user_id, r.status, r.priority, count(*),
           coalesce(sum(extract(epoch from (r.resolved_at - r.created_at)) * 1000)
                      filter (where r.resolved_at is not null), 0),
           count(*) filter (where r.resolved_at is not null)
      from new_rows r
     group by r.engineer_user_id, r.status, r.priority
     order by r.engineer_user_id, r.status, r.priority
    on conflict on constraint ticket_counts_group do update
       set n = c.n + excluded.n,
           resolved_ms = c.resolved_ms + excluded.resolved_ms,
           resolved_n = c.resolved_n + excluded.resolved_n;
  end if;
  delete from private.ticket_counts where n = 0;
  return null;
end
$$;

create or replace function private.keep_request_counts() returns trigger
language plpgsql
security definer
set search_path = public
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from private.request_counts where true;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into private.request_counts as c (engineer_user_id, status, n)
    select r.engineer_user_id, r.status, -count(*)
      from old_rows r
     group by r.engineer_user_id, r.status
     order by r.engineer_user_id, r.status
    on conflict on constraint request_counts_group do update set n = c.n + excluded.n;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.request_counts as c (engineer_user_id, status, n)
    select r.engineer_user_id, r.status, count(*)
      from new_rows r
     group by r.engineer_user_id, r.status
     order by r.engineer_user_id, r.status
    on conflict on constraint request_counts_group do update set n = c.n + excluded.n;
  end if;
  delete from private.request_counts where n = 0;
  return null;
end
$$;

-- Privileges: anon holds nothing in the project's schemas.
revoke all on all tables in schema public, private from anon;
revoke all on all sequences in schema public, private from anon;
revoke all on schema private from anon;

-- Functions: those PUBLIC could execute (PostgreSQL's default) go on for the API's signed-in
-- role and the service role by name; PUBLIC and anon lose them.
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private')
       and not exists (select 1 from pg_depend d
                        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       and (p.proacl is null
            or exists (select 1 from aclexplode(p.proacl) a
                        where a.grantee = 0 and a.privilege_type = 'EXECUTE'))
  loop
    execute format('grant execute on function %s to authenticated, service_role', f);
    execute format('revoke execute on function %s from public', f);
  end loop;
end
$$;
revoke all on all functions in schema public, private from anon;

-- TRUNCATE ignores row-level security; REFERENCES and TRIGGER are no API role's business.
revoke truncate, references, trigger on all tables in schema public, private from authenticated;

-- What this role creates from now on: nothing for anon, no TRUNCATE, REFERENCES or TRIGGER for
-- authenticated, and no EXECUTE for PUBLIC (each migration grants its functions by name).
alter default privileges in schema public revoke all on tables from anon;
alter default privileges in schema public revoke all on sequences from anon;
alter default privileges in schema public revoke all on functions from anon;
alter default privileges in schema public
  revoke truncate, references, trigger on tables from authenticated;
alter default privileges revoke execute on functions from public;
