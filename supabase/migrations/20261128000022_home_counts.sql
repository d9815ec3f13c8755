-- A new device's home counts, kept as the rows change (issue 30): sync_home_figures() no longer
-- reads a fleet's tickets and service requests whole.
--
-- A vendor's and an admin's home counts every ticket and service request (their policies show
-- them every row: support_tickets_select_vendor, service_requests_select_vendor and the admin's
-- _admin_all). sync_home_figures() grouped them at each new device's first stage: 58 ms for the
-- generated full set on PGlite (50k tickets, 20k requests) against 6 ms for a tenth, and PGlite
-- answers one request at a time, so the first slices waited for it. The groups are now kept in
-- two tables, changed by statement triggers with the statement's rows (one upsert per group a
-- statement touches), and the figures read the few groups there. Same answer:
-- tests/integration/home-counts.test.ts holds the kept groups equal to grouping the tables after
-- inserts, assignments, resolutions, reopenings, deletions, a user's id changing (cascaded) and
-- a truncate; tests/integration/sync-first-stage.test.ts holds every role's home after the first
-- stage equal to its home over the complete mirror.
--
-- An engineer's home still counts their own rows (their policy shows them their own and the
-- unassigned pool): the kept groups are everyone's, and no policy reads them.

create table private.ticket_counts (
  engineer_user_id uuid,
  status text not null,
  priority text not null,
  n bigint not null,
  -- The resolved and closed tickets' resolution times (created_at to resolved_at), summed.
  resolved_ms numeric not null,
  resolved_n bigint not null,
  constraint ticket_counts_group unique nulls not distinct (engineer_user_id, status, priority)
);

create table private.request_counts (
  engineer_user_id uuid,
  status text not null,
  n bigint not null,
  constraint request_counts_group unique nulls not distinct (engineer_user_id, status)
);

revoke all on private.ticket_counts from public, anon, authenticated;
revoke all on private.request_counts from public, anon, authenticated;

-- The statement's rows are only visible to the trigger function itself (not to a function it
-- calls), so each change is written out here: the old rows' groups taken away, the new rows'
-- added, upserted in key order (two statements touching the same groups lock them in one order),
-- and groups left empty removed.
create or replace function private.keep_ticket_counts() returns trigger
language plpgsql
security definer
set search_path = public
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from private.ticket_counts;
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
    delete from private.request_counts;
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

-- A trigger with transition tables has one event (PostgreSQL's rule).
create trigger support_tickets_count_insert after insert on public.support_tickets
  referencing new table as new_rows
  for each statement execute function private.keep_ticket_counts();
create trigger support_tickets_count_update after update on public.support_tickets
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.keep_ticket_counts();
create trigger support_tickets_count_delete after delete on public.support_tickets
  referencing old table as old_rows
  for each statement execute function private.keep_ticket_counts();
create trigger support_tickets_count_truncate after truncate on public.support_tickets
  for each statement execute function private.keep_ticket_counts();

create trigger service_requests_count_insert after insert on public.service_requests
  referencing new table as new_rows
  for each statement execute function private.keep_request_counts();
create trigger service_requests_count_update after update on public.service_requests
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.keep_request_counts();
create trigger service_requests_count_delete after delete on public.service_requests
  referencing old table as old_rows
  for each statement execute function private.keep_request_counts();
create trigger service_requests_count_truncate after truncate on public.service_requests
  for each statement execute function private.keep_request_counts();

-- The rows already there.
insert into private.ticket_counts (engineer_user_id, status, priority, n, resolved_ms, resolved_n)
select t.engineer_user_id, t.status, t.priority, count(*),
       coalesce(sum(extract(epoch from (t.resolved_at - t.created_at)) * 1000)
                  filter (where t.resolved_at is not null), 0),
       count(*) filter (where t.resolved_at is not null)
  from public.support_tickets t
 group by t.engineer_user_id, t.status, t.priority;

insert into private.request_counts (engineer_user_id, status, n)
select r.engineer_user_id, r.status, count(*)
  from public.service_requests r
 group by r.engineer_user_id, r.status;

-- Everyone's kept groups, for the roles whose policies show them every ticket and request (the
-- vendor, the admin); nothing for anyone else. Security definer: the tables have no policy.
create or replace function private.kept_home_counts()
returns json
language sql
stable
security definer
set search_path = public
as $$
  select case when (select public.current_user_role()) in ('VENDOR', 'ADMIN') then
    json_build_object(
      'tickets', coalesce((select json_agg(json_build_array(k.engineer_user_id, k.status,
                                                            k.priority, k.n))
                             from private.ticket_counts k), '[]'::json),
      'resolution', coalesce((select json_agg(json_build_array(r.engineer_user_id, r.total_ms,
                                                               r.n))
                                from (select k.engineer_user_id, sum(k.resolved_ms) as total_ms,
                                             sum(k.resolved_n) as n
                                        from private.ticket_counts k
                                       where k.engineer_user_id is not null
                                         and k.status in ('RESOLVED', 'CLOSED')
                                       group by k.engineer_user_id
                                      having sum(k.resolved_n) > 0) r), '[]'::json),
      'requests', coalesce((select json_agg(json_build_array(k.engineer_user_id, k.status, k.n))
                              from private.request_counts k), '[]'::json))
  end
$$;

revoke all on function private.keep_ticket_counts() from public, anon, authenticated;
revoke all on function private.keep_request_counts() from public, anon, authenticated;
revoke all on function private.kept_home_counts() from public, anon;
grant execute on function private.kept_home_counts() to authenticated, service_role;

-- As migration 0021 defined it, the vendor's and the admin's groups read from the kept counts.
create or replace function public.sync_home_figures() returns json
language plpgsql
stable
security invoker
set search_path = public
as $$
declare
  caller text := public.current_user_role();
  kept json;
  tickets json := '[]'::json;
  requests json := '[]'::json;
  resolution json := '[]'::json;
  user_count bigint;
  chair_count bigint;
  confirmed_count bigint;
begin
  if caller is null or caller = 'CUSTOMER' then
    return json_build_object('role', caller, 'server_time', now());
  end if;

  if caller in ('VENDOR', 'ADMIN') then
    kept := private.kept_home_counts();
    tickets := kept -> 'tickets';
    if caller = 'VENDOR' then
      resolution := kept -> 'resolution';
      requests := kept -> 'requests';
    end if;
  else
    select coalesce(json_agg(json_build_array(k.engineer_user_id, k.status, k.priority, k.n)), '[]'::json)
      into tickets
      from (select t.engineer_user_id, t.status, t.priority, count(*) as n
              from public.support_tickets t
             group by t.engineer_user_id, t.status, t.priority) k;
  end if;

  if caller = 'ADMIN' then
    select count(*) into user_count from public.users u where u.deleted_at is null;
    select count(*),
           count(*) filter (
             where c.warranty -> 'confirmed' = 'true'::jsonb
               and coalesce(c.warranty ->> 'activatedAt', '') <> ''
           )
      into chair_count, confirmed_count
      from public.chairs c;
  end if;

  return json_build_object(
    'role', caller,
    'tickets', tickets,
    'requests', requests,
    'resolution', resolution,
    'users', user_count,
    'chairs', chair_count,
    'confirmed_warranties', confirmed_count,
    'server_time', now()
  );
end
$$;

revoke all on function public.sync_home_figures() from public, anon;
grant execute on function public.sync_home_figures() to authenticated, service_role;
