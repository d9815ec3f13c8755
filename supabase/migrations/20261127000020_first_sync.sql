-- A new device: own work first (issue 30, prioritised first sync).
--
-- A device's first sync pulls in two stages (sync/first-sync.ts). The first brings what the role's
-- home screen and its next tap need, the second everything else, while the user works:
--
--  1. public.sync_pull(..., slice => 'first') pages through a table's FIRST SLICE for the caller:
--     the rows of that table the caller may read (the same RLS: the function runs as its caller,
--     and a slice only narrows) that their role's home shows first. A slice is paged by the same
--     (updated_at, id) keyset as a whole table, so the device keeps a cursor per (table, slice)
--     and an interrupted first stage resumes after its last committed page. Which rows, by role:
--       ENGINEER  the tickets assigned to them that are open or in progress (their work) and
--                 the newest of all theirs, their scheduled service requests (today's
--                 appointments among them) and the newest of all theirs, and the newest
--                 unassigned active tickets (the Overview's lists, the first page of Support
--                 Tickets; a year of resolved history waits for the second stage);
--       VENDOR    the newest unassigned active tickets, the newest urgent ones among them (the
--                 Operations Center's first three), the newest tickets (Recent Activity, the
--                 first page of the lists), the newest unassigned pending service requests
--                 (Service Assignment's first page), and every engineer (the team);
--       ADMIN     the newest tickets (Recent Tickets), the newest and the newest pending part
--                 requests; and for every role the caller's own user row and the customers and
--                 chairs that those tickets and requests name.
--     A customer's first stage is their own tables, whole (they are theirs alone: small), so a
--     customer asks for no slice; a slice a role does not have is empty.
--     A slice is a moving set (the newest 50 change as tickets come in) and needs not be exact:
--     the second stage pulls every table whole, by its own cursor, and re-delivers the slice's
--     rows (the mirror's put is idempotent, and pending local changes are rebased on them).
--  2. public.sync_home_figures() answers the counts a home shows over rows the first stage does
--     not bring (an admin's Total Users, a vendor's workloads, an engineer's Open count over the
--     unassigned pool), counted under the caller's RLS, so they are the counts a complete mirror
--     gives. The device shows them until its mirror is complete, then counts its own rows again.
--     Counts, not final figures: the rules that make the figures (active, high priority,
--     completion rate, average resolution hours) stay in src/domain and read these counts as they
--     read the mirror's indexes (tests/integration/sync-first-stage.test.ts holds them equal).

-- ---------------------------------------------------------------------------------------------
-- The first slices
-- ---------------------------------------------------------------------------------------------

-- Rows a first slice takes of the newest (the first page of the app's lists, LIST_PAGE_SIZE).
create or replace function private.sync_first_rows() returns integer
language sql
immutable
as $$
  select 50
$$;

-- The tickets the caller's home and next tap show first (see the header), with the customer and
-- chair each names.
create or replace function private.sync_first_tickets()
returns table (ticket_id uuid, customer_id uuid, chair_id uuid)
language sql
stable
security invoker
set search_path = public
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

-- The service requests the caller's home and next tap show first, with their customer and chair.
create or replace function private.sync_first_requests()
returns table (request_id uuid, customer_id uuid, chair_id uuid)
language sql
stable
security invoker
set search_path = public
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

-- The part requests an admin's home shows first, as ids.
create or replace function private.sync_first_part_request_ids() returns setof uuid
language sql
stable
security invoker
set search_path = public
rows 100
as $$
  (select p.id from public.part_requests p
    where (select public.current_user_role()) = 'ADMIN'
    order by p.created_at desc
    limit private.sync_first_rows())
  union
  (select p.id from public.part_requests p
    where (select public.current_user_role()) = 'ADMIN' and p.status = 'PENDING'
    order by p.created_at desc
    limit private.sync_first_rows())
$$;

-- The ids of `table_name`'s first slice for the caller, each once (none for a table their role
-- has no slice of). Each branch runs only for its table (its condition on the argument is a
-- one-time filter).
create or replace function private.sync_first_ids(table_name text) returns setof uuid
language sql
stable
security invoker
set search_path = public
rows 500
as $$
  select distinct x.id from (
    select t.ticket_id as id from private.sync_first_tickets() t
     where table_name = 'support_tickets'
    union all
    select r.request_id from private.sync_first_requests() r where table_name = 'service_requests'
    union all
    select p from private.sync_first_part_request_ids() p where table_name = 'part_requests'
    union all
    select t.chair_id from private.sync_first_tickets() t where table_name = 'chairs'
    union all
    select r.chair_id from private.sync_first_requests() r where table_name = 'chairs'
    union all
    select (select auth.uid()) where table_name = 'users'
    union all
    select u.id from public.users u
     where table_name = 'users' and (select public.current_user_role()) = 'VENDOR'
       and u.role = 'ENGINEER'
    union all
    select t.customer_id from private.sync_first_tickets() t where table_name = 'users'
    union all
    select r.customer_id from private.sync_first_requests() r where table_name = 'users'
  ) x
   where x.id is not null
$$;

-- One page of `table_name`'s first slice after the cursor, in cursor order, as sync_pull answers.
-- The slice is a few hundred ids, collected first: each row is then found by its primary key (an
-- `id = any(...)` index condition; the policies' filter runs on those rows only), and the page
-- sorted. Unlike a whole table's page (migration 0017), sorting is what this plan should do.
create or replace function private.sync_pull_first(
  table_name text,
  since timestamptz,
  since_id uuid,
  page_size integer,
  with_total boolean
) returns json
language plpgsql
stable
security invoker
set search_path = public
set enable_bitmapscan = on
set enable_sort = on
as $$
declare
  ids uuid[] := array(select private.sync_first_ids(table_name));
  page json;
  total bigint;
begin
  if table_name = 'users' then
    -- Rows and cards (a vendor reads customers as cards, migration 0011), merged as sync_pull does.
    with candidates as (
      select to_jsonb(u) as row
        from public.users u
       where u.id = any (ids) and (u.updated_at, u.id) > (since, since_id)
      union all
      select c from private.my_user_cards(since, since_id, null) c
       where (select public.current_user_role()) in ('CUSTOMER', 'VENDOR')
         and (c ->> 'id')::uuid = any (ids)
    ),
    keyed as (
      select row, (row ->> 'updated_at')::timestamptz as ts, (row ->> 'id')::uuid as id
        from candidates
    )
    select coalesce(jsonb_agg(p.row order by p.ts, p.id), '[]'::jsonb)::json,
           case when with_total then (select count(*) from keyed) end
      into page, total
      from (select * from keyed k order by k.ts, k.id limit page_size) p;
  else
    execute format(
      'select coalesce(json_agg(p order by p.updated_at, p.id), ''[]''::json)
         from (select * from public.%I t
                where t.id = any ($4) and (t.updated_at, t.id) > ($1, $2)
                order by t.updated_at, t.id
                limit $3) p',
      table_name
    ) into page using since, since_id, page_size, ids;

    -- Progress only: every id is a row the caller reads (the ids come from reading them).
    if with_total then
      total := cardinality(ids);
    end if;
  end if;

  -- A slice reports no departures: the whole table's pull that follows reads them from the time
  -- of the slice's first page on (sync/pull.ts keeps the earlier of the two pull times).
  return json_build_object('rows', page, 'total', total, 'gone', '[]'::json, 'server_time', now());
end
$$;

revoke all on function private.sync_first_rows() from public, anon;
revoke all on function private.sync_first_tickets() from public, anon;
revoke all on function private.sync_first_requests() from public, anon;
revoke all on function private.sync_first_part_request_ids() from public, anon;
revoke all on function private.sync_first_ids(text) from public, anon;
revoke all on function private.sync_pull_first(text, timestamptz, uuid, integer, boolean)
  from public, anon;
grant execute on function private.sync_first_rows() to authenticated, service_role;
grant execute on function private.sync_first_tickets() to authenticated, service_role;
grant execute on function private.sync_first_requests() to authenticated, service_role;
grant execute on function private.sync_first_part_request_ids() to authenticated, service_role;
grant execute on function private.sync_first_ids(text) to authenticated, service_role;
grant execute on function private.sync_pull_first(text, timestamptz, uuid, integer, boolean)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- sync_pull, with the slice argument. Otherwise as migration 0017 left it: a new argument needs
-- the function dropped and created again; a client that does not name a slice is answered as
-- before.
-- ---------------------------------------------------------------------------------------------

drop function public.sync_pull(text, timestamptz, uuid, integer, boolean, timestamptz);

create function public.sync_pull(
  table_name text,
  after_updated_at timestamptz default null,
  after_id uuid default null,
  max_rows integer default 1000,
  with_total boolean default false,
  departed_after timestamptz default null,
  slice text default null
) returns json
language plpgsql
stable
security invoker
set search_path = public
set enable_bitmapscan = off
set enable_sort = off
as $$
declare
  page json;
  total bigint;
  gone json := '[]'::json;
  since timestamptz := coalesce(after_updated_at, '-infinity'::timestamptz);
  since_id uuid := coalesce(after_id, '00000000-0000-0000-0000-000000000000'::uuid);
  page_size integer := greatest(1, least(coalesce(max_rows, 1000), 5000));
  departures_since timestamptz := coalesce(departed_after, after_updated_at);
begin
  perform private.sync_require_table(table_name);

  if slice is not null then
    if slice <> 'first' then
      raise exception 'Unknown slice %', slice using errcode = 'PT400', detail = 'validation';
    end if;
    return private.sync_pull_first(table_name, since, since_id, page_size, with_total);
  end if;

  -- Only an incremental pull names departed_after; the later pages of a first sync page past rows
  -- of any age and must not be taken for a stale cursor.
  if departed_after is not null and not private.sync_departures_cover(departed_after) then
    return json_build_object(
      'rows', '[]'::json, 'total', null, 'gone', '[]'::json, 'server_time', now(), 'resync', true
    );
  end if;

  if table_name = 'users' then
    -- Each source is cut at the cursor and the page size before the merge, so a page reads at
    -- most two pages of rows whatever the number of users. (Cards are jsonb: merged as jsonb.)
    with candidates as (
      (select to_jsonb(u) as row
         from public.users u
        where (u.updated_at, u.id) > (since, since_id)
        order by u.updated_at, u.id
        limit page_size)
      union all
      select c from private.my_user_cards(since, since_id, page_size) c
    ),
    keyed as (
      select row, (row ->> 'updated_at')::timestamptz as ts, (row ->> 'id')::uuid as id
        from candidates
    )
    select coalesce(jsonb_agg(p.row order by p.ts, p.id), '[]'::jsonb)::json
      into page
      from (select * from keyed k order by k.ts, k.id limit page_size) p;

    if with_total then
      select (select count(*) from public.users u where (u.updated_at, u.id) > (since, since_id))
           + (select count(*) from private.my_user_cards(since, since_id, null))
        into total;
    end if;
  else
    execute format(
      'select coalesce(json_agg(p order by p.updated_at, p.id), ''[]''::json)
         from (select * from public.%I t
                where (t.updated_at, t.id) > ($1, $2)
                order by t.updated_at, t.id
                limit $3) p',
      table_name
    ) into page using since, since_id, page_size;

    if with_total then
      execute format('select count(*) from public.%I t where (t.updated_at, t.id) > ($1, $2)', table_name)
        into total using since, since_id;
    end if;
  end if;

  -- Rows noted as departed since the last pull that the caller no longer sees, neither as a row
  -- nor as a card (a customer restored by an admin is still a vendor's card: not gone).
  if after_updated_at is not null then
    execute format(
      'select coalesce(json_agg(distinct d.row_id), ''[]''::json)
         from public.sync_departures d
        where d.table_name = $1 and d.departed_at > $2
          and not exists (select 1 from public.%I t where t.id = d.row_id)
          and not ($1 = ''users'' and private.sees_user_card(d.row_id))',
      table_name
    ) into gone using table_name, departures_since;
  end if;

  return json_build_object('rows', page, 'total', total, 'gone', gone, 'server_time', now());
end
$$;

revoke all on function public.sync_pull(text, timestamptz, uuid, integer, boolean, timestamptz, text)
  from public, anon;
grant execute on function public.sync_pull(text, timestamptz, uuid, integer, boolean, timestamptz, text)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The home's counts while the mirror is not complete
-- ---------------------------------------------------------------------------------------------

-- The counts the caller's home shows over rows its first stage does not bring, under the caller's
-- RLS (what their complete mirror counts):
--   tickets     [engineer id or null, status, priority, count] (every role but a customer: an
--               engineer's are theirs and the unassigned ones, as their mirror holds);
--   requests    [engineer id or null, status, count] (vendor: Pending Service Requests, each
--               engineer's services);
--   resolution  [engineer id, total milliseconds from creation to resolution, count] over the
--               resolved and closed tickets with a resolution time (vendor: the average
--               resolution hours, read locally from the index of resolved tickets' times);
--   users, chairs, confirmed_warranties (admin: users not deleted, chairs, warranties confirmed
--               and activated, as src/domain/warranty.ts's isWarrantyConfirmed counts them).
-- A customer's first stage brings everything their home counts: they get only their role.
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

  select coalesce(json_agg(json_build_array(k.engineer_user_id, k.status, k.priority, k.n)), '[]'::json)
    into tickets
    from (select t.engineer_user_id, t.status, t.priority, count(*) as n
            from public.support_tickets t
           group by t.engineer_user_id, t.status, t.priority) k;

  if caller = 'VENDOR' then
    select coalesce(json_agg(json_build_array(k.engineer_user_id, k.status, k.n)), '[]'::json)
      into requests
      from (select r.engineer_user_id, r.status, count(*) as n
              from public.service_requests r
             group by r.engineer_user_id, r.status) k;

    select coalesce(json_agg(json_build_array(k.engineer_user_id, k.total_ms, k.n)), '[]'::json)
      into resolution
      from (select t.engineer_user_id,
                   sum(extract(epoch from (t.resolved_at - t.created_at)) * 1000) as total_ms,
                   count(*) as n
              from public.support_tickets t
             where t.engineer_user_id is not null
               and t.status in ('RESOLVED', 'CLOSED')
               and t.resolved_at is not null
             group by t.engineer_user_id) k;
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
