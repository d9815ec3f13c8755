-- A new device's first stage at fleet size (issue 30): what a vendor's and an engineer's first
-- slices and the home's counts read, without reading the tables whole.
--
-- Measured on PGlite with the generated full set (50k tickets, 20k service requests), as a vendor:
-- the slices' newest unassigned active tickets and newest unassigned pending requests were top-N
-- sorts over every unassigned row (7,083 tickets, 6,008 requests, each branch of
-- private.sync_first_tickets() and private.sync_first_requests(), evaluated again for the tickets',
-- the chairs' and the users' slice), and sync_home_figures() read the tickets twice (the counts,
-- then the resolution times). The server answers one request at a time on PGlite, so the first
-- slices waited for all of it.
--
--  1. The slices' newest-first branches walk an index newest first and stop at 50 rows. Under
--     row-level security the planner takes about 1 % of a table's rows to pass the policies (a
--     parameter compared with a constant, once per policy), so it expected 31 of the 7,083
--     unassigned active tickets and read them all and sorted them instead (EXPLAIN ANALYZE: 57 ms,
--     against 0.6 ms for the walk it chose without the policies). private.sync_first_tickets() and private.sync_first_requests() now
--     plan without sorting (enable_sort off), on indexes that hold each branch's rows in
--     created_at order: an engineer's own by (engineer, created_at), in place of the index on the
--     engineer alone; the unassigned active tickets and the unassigned pending service requests
--     in two partial indexes (read by these slices only: the lists that show them read the
--     device's mirror); everyone's newest by created_at, as before.
--  2. sync_home_figures() counts a vendor's tickets and their resolution times in one pass: the
--     resolution totals are summed per (engineer, status, priority) beside the counts and added up
--     per engineer from those few groups. Same answer (tests/integration/sync-first-stage.test.ts
--     holds every role's home after the first stage equal to its home over the complete mirror).

-- An engineer's own, newest first: (engineer, created_at) in place of the engineer's index alone
-- (a lookup by engineer reads its first column as before).
create index if not exists support_tickets_engineer_created_idx
  on public.support_tickets (engineer_user_id, created_at);
drop index if exists public.support_tickets_engineer_user_id_idx;

create index if not exists service_requests_engineer_created_idx
  on public.service_requests (engineer_user_id, created_at);
drop index if exists public.service_requests_engineer_user_id_idx;

create index if not exists support_tickets_unassigned_active_idx
  on public.support_tickets (created_at)
  where engineer_user_id is null and status in ('OPEN', 'IN_PROGRESS');

create index if not exists service_requests_unassigned_pending_idx
  on public.service_requests (created_at)
  where engineer_user_id is null and status = 'PENDING';

-- As migration 0020 defined them (its header says which rows each slice holds), planned without a
-- sort.
create or replace function private.sync_first_tickets()
returns table (ticket_id uuid, customer_id uuid, chair_id uuid)
language sql
stable
security invoker
set search_path = public
set enable_sort = off
rows 500
as $$
  select t.id, t.customer_user_id, t.chair_id from public.support_tickets t
   where (select public.current_user_role()) = 'ENGINEER'
     and t.engineer_user_id = (select auth.uid()) and t.status in ('OPEN', 'IN_PROGRESS')
  union
  (select t.id, t.customer_user_id, t.chair_id from public.support_tickets t
    where (select public.current_user_role()) = 'ENGINEER'
      and t.engineer_user_id = (select auth.uid())
    order by t.created_at desc
    limit private.sync_first_rows())
  union
  (select t.id, t.customer_user_id, t.chair_id from public.support_tickets t
    where (select public.current_user_role()) in ('ENGINEER', 'VENDOR')
      and t.engineer_user_id is null and t.status in ('OPEN', 'IN_PROGRESS')
    order by t.created_at desc
    limit private.sync_first_rows())
  union
  (select t.id, t.customer_user_id, t.chair_id from public.support_tickets t
    where (select public.current_user_role()) = 'VENDOR'
      and t.engineer_user_id is null and t.status in ('OPEN', 'IN_PROGRESS')
      and t.priority in ('HIGH', 'URGENT')
    order by t.created_at desc
    limit private.sync_first_rows())
  union
  (select t.id, t.customer_user_id, t.chair_id from public.support_tickets t
    where (select public.current_user_role()) in ('VENDOR', 'ADMIN')
    order by t.created_at desc
    limit private.sync_first_rows())
$$;

create or replace function private.sync_first_requests()
returns table (request_id uuid, customer_id uuid, chair_id uuid)
language sql
stable
security invoker
set search_path = public
set enable_sort = off
rows 200
as $$
  select r.id, r.customer_user_id, r.chair_id from public.service_requests r
   where (select public.current_user_role()) = 'ENGINEER'
     and r.engineer_user_id = (select auth.uid()) and r.status = 'SCHEDULED'
  union
  (select r.id, r.customer_user_id, r.chair_id from public.service_requests r
    where (select public.current_user_role()) = 'ENGINEER'
      and r.engineer_user_id = (select auth.uid())
    order by r.created_at desc
    limit private.sync_first_rows())
  union
  (select r.id, r.customer_user_id, r.chair_id from public.service_requests r
    where (select public.current_user_role()) = 'VENDOR'
      and r.engineer_user_id is null and r.status = 'PENDING'
    order by r.created_at desc
    limit private.sync_first_rows())
$$;

-- As migration 0020 defined it (its header says what each count is for), the vendor's tickets
-- read once.
create or replace function public.sync_home_figures() returns json
language plpgsql
stable
security invoker
set search_path = public
as $$
declare
  caller text := public.current_user_role();
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

  if caller = 'VENDOR' then
    -- One pass over the tickets: the counts, and beside them the resolution times of the resolved
    -- and closed tickets with one (summed per engineer below, from the groups).
    with k as (
      select t.engineer_user_id, t.status, t.priority, count(*) as n,
             sum(extract(epoch from (t.resolved_at - t.created_at)) * 1000)
               filter (where t.resolved_at is not null) as resolved_ms,
             count(*) filter (where t.resolved_at is not null) as resolved_n
        from public.support_tickets t
       group by t.engineer_user_id, t.status, t.priority
    )
    select coalesce((select json_agg(json_build_array(k.engineer_user_id, k.status, k.priority, k.n))
                       from k), '[]'::json),
           coalesce((select json_agg(json_build_array(r.engineer_user_id, r.total_ms, r.n))
                       from (select k.engineer_user_id, sum(k.resolved_ms) as total_ms,
                                    sum(k.resolved_n) as n
                               from k
                              where k.engineer_user_id is not null
                                and k.status in ('RESOLVED', 'CLOSED')
                              group by k.engineer_user_id
                             having sum(k.resolved_n) > 0) r), '[]'::json)
      into tickets, resolution;

    select coalesce(json_agg(json_build_array(k.engineer_user_id, k.status, k.n)), '[]'::json)
      into requests
      from (select r.engineer_user_id, r.status, count(*) as n
              from public.service_requests r
             group by r.engineer_user_id, r.status) k;
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

revoke all on function private.sync_first_tickets() from public, anon;
revoke all on function private.sync_first_requests() from public, anon;
grant execute on function private.sync_first_tickets() to authenticated, service_role;
grant execute on function private.sync_first_requests() to authenticated, service_role;
revoke all on function public.sync_home_figures() from public, anon;
grant execute on function public.sync_home_figures() to authenticated, service_role;
