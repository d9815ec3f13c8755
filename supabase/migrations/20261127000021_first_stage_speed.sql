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
--  1. Two partial indexes, in the order the slices read them (newest first): the unassigned
--     active tickets and the unassigned pending service requests. Each branch now reads its 50
--     rows from the index. The lists that show them (Ticket Assignment, Service Assignment) read
--     the device's mirror, not these.
--  2. sync_home_figures() counts a vendor's tickets and their resolution times in one pass: the
--     resolution totals are summed per (engineer, status, priority) beside the counts and added up
--     per engineer from those few groups. Same answer (tests/integration/sync-first-stage.test.ts
--     holds every role's home after the first stage equal to its home over the complete mirror).

create index if not exists support_tickets_unassigned_active_idx
  on public.support_tickets (created_at)
  where engineer_user_id is null and status in ('OPEN', 'IN_PROGRESS');

create index if not exists service_requests_unassigned_pending_idx
  on public.service_requests (created_at)
  where engineer_user_id is null and status = 'PENDING';

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

revoke all on function public.sync_home_figures() from public, anon;
grant execute on function public.sync_home_figures() to authenticated, service_role;
