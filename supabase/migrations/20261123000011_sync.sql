-- What the sync engine (sync/pull.ts, sync/push.ts) reads through.
--
-- public.sync_pull returns, for one mirrored table, the rows the CALLER may read (SECURITY
-- INVOKER: the same RLS policies decide) whose (updated_at, id) comes after the client's cursor,
-- in cursor order, one page at a time. Keyset paging on the (updated_at, id) index keeps each page
-- cheap however large the table. Soft-deleted rows are included so clients can remove them; rows
-- that left the caller's view since the cursor come back as `gone` ids (from the departure log,
-- public.sync_departures); `server_time` lets the client bound the overlap it re-reads next time
-- (a transaction still open at that moment began after server_time - overlap).
--
-- Cards: row level security cannot hide columns, so where a role may read only some columns of
-- another user it reads cards, built by SECURITY DEFINER functions, in place of users rows: a
-- customer reads the name and phone of the engineers on their tickets and service requests, not
-- their e-mail, address, certifications or availability; a vendor operations manager reads
-- customers' names and addresses, nothing more (issue 3 least privilege; the Ticket Assignment
-- screen searches by customer name, the Service Assignment screen shows the customer's practice
-- address, else their own address). The sync pull and the re-read after a rejection merge each
-- role's cards into its users rows.

-- ---------------------------------------------------------------------------------------------
-- Cards
-- ---------------------------------------------------------------------------------------------

-- Contact cards of the engineers on the caller's work. A card's updated_at is the later of the
-- engineer's row and the caller's latest ticket or request with them, so a newly assigned engineer
-- appears in the next incremental pull even when their own row has not changed for months.
create or replace function public.my_engineer_contacts() returns setof jsonb
language sql
stable
security definer
set search_path = public
as $$
  with work as (
    select t.engineer_user_id as engineer_id, t.updated_at
      from public.support_tickets t
     where t.customer_user_id = auth.uid() and t.engineer_user_id is not null
    union all
    select r.engineer_user_id, r.updated_at
      from public.service_requests r
     where r.customer_user_id = auth.uid() and r.engineer_user_id is not null
  ),
  latest as (
    select engineer_id, max(updated_at) as work_updated_at from work group by engineer_id
  )
  select jsonb_build_object(
           'id', u.id,
           'name', u.name,
           'phone', u.phone,
           'role', u.role,
           'email', null,
           'address', null,
           'profile_picture_url', u.profile_picture_url,
           'practice', null,
           'engineer', null,
           'created_at', u.created_at,
           'updated_at', greatest(u.updated_at, l.work_updated_at),
           'deleted_at', u.deleted_at
         )
    from latest l
    join public.users u on u.id = l.engineer_id
   where public.current_user_role() = 'CUSTOMER' and u.role = 'ENGINEER'
$$;

revoke all on function public.my_engineer_contacts() from public, anon;
grant execute on function public.my_engineer_contacts() to authenticated, service_role;

-- Customer cards after a (updated_at, id) cursor, in cursor order: id, name, address and the
-- practice's name and address. The keyset filter runs on users_updated_at_id_idx, so a vendor's
-- sync pages through thousands of customers as cheaply as through any other table.
create or replace function public.vendor_customer_cards(
  after_updated_at timestamptz default null,
  after_id uuid default null,
  max_rows integer default null
) returns setof jsonb
language sql
stable
security definer
set search_path = public
as $$
  select jsonb_build_object(
           'id', u.id,
           'name', u.name,
           'role', u.role,
           'email', null,
           'phone', null,
           'address', u.address,
           'profile_picture_url', null,
           'practice', case
             when u.practice is null or jsonb_typeof(u.practice) <> 'object' then null
             else jsonb_strip_nulls(jsonb_build_object(
               'name', u.practice -> 'name',
               'address', u.practice -> 'address'
             ))
           end,
           'engineer', null,
           'created_at', u.created_at,
           'updated_at', u.updated_at,
           'deleted_at', u.deleted_at
         )
    from public.users u
   where public.current_user_role() = 'VENDOR'
     and u.role = 'CUSTOMER'
     and (u.updated_at, u.id) > (
       coalesce(after_updated_at, '-infinity'::timestamptz),
       coalesce(after_id, '00000000-0000-0000-0000-000000000000'::uuid)
     )
   order by u.updated_at, u.id
   limit max_rows
$$;

revoke all on function public.vendor_customer_cards(timestamptz, uuid, integer) from public, anon;
grant execute on function public.vendor_customer_cards(timestamptz, uuid, integer)
  to authenticated, service_role;

-- The cards the caller reads in place of users rows, after a cursor and in cursor order:
-- engineers' contact cards for a customer, customer cards for a vendor, none for anyone else.
create or replace function private.my_user_cards(
  after_updated_at timestamptz default null,
  after_id uuid default null,
  max_rows integer default null
) returns setof jsonb
language sql
stable
security invoker
set search_path = public
as $$
  select c from (
    select c, (c ->> 'updated_at')::timestamptz as ts, (c ->> 'id')::uuid as id
      from public.my_engineer_contacts() c
     where (select public.current_user_role()) = 'CUSTOMER'
  ) contacts
   where (contacts.ts, contacts.id) > (
     coalesce(after_updated_at, '-infinity'::timestamptz),
     coalesce(after_id, '00000000-0000-0000-0000-000000000000'::uuid)
   )
  union all
  select c from public.vendor_customer_cards(after_updated_at, after_id, max_rows) c
   where (select public.current_user_role()) = 'VENDOR'
$$;

revoke all on function private.my_user_cards(timestamptz, uuid, integer) from public, anon;
grant execute on function private.my_user_cards(timestamptz, uuid, integer)
  to authenticated, service_role;

-- Whether the caller sees this user as a card (a departed user still seen so has not gone).
create or replace function private.sees_user_card(target_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select case public.current_user_role()
    when 'CUSTOMER' then exists (
      select 1 from public.users u
       where u.id = target_user_id and u.role = 'ENGINEER'
         and private.is_engineer_on_my_work(target_user_id)
    )
    when 'VENDOR' then exists (
      select 1 from public.users u where u.id = target_user_id and u.role = 'CUSTOMER'
    )
    else false
  end
$$;

revoke all on function private.sees_user_card(uuid) from public, anon;
grant execute on function private.sees_user_card(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Departures: every change that can move a row out of someone's view is noted in
-- public.sync_departures (migration 000001): a ticket or request taken by another engineer, a
-- chair given to another owner, a user's role changed or account deleted, a row deleted. A
-- customer can leave an engineer's view when the work that showed them moves, so the customer of
-- a chair, ticket or request is noted too; the engineer's next pull drops them if nothing else
-- keeps them in view. The trigger function also prunes the log, at most once a day.
-- ---------------------------------------------------------------------------------------------

-- Drops departures older than `keep`; returns how many were dropped.
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
  update public.sync_departures_state
     set kept_since = greatest(kept_since, horizon), pruned_at = now();
  delete from public.sync_departures where departed_at < horizon;
  get diagnostics dropped = row_count;
  return dropped;
end
$$;

revoke all on function private.prune_sync_departures(interval) from public, anon, authenticated;
grant execute on function private.prune_sync_departures(interval) to service_role;

-- Whether an incremental pull from `since` can still be answered from the log.
create or replace function private.sync_departures_cover(since timestamptz) returns boolean
language sql
stable
security invoker
set search_path = public
as $$
  select since is null or since >= (select kept_since from public.sync_departures_state)
$$;

revoke all on function private.sync_departures_cover(timestamptz) from public, anon;
grant execute on function private.sync_departures_cover(timestamptz) to authenticated, service_role;

create or replace function private.note_sync_departure() returns trigger
language plpgsql
security definer
set search_path = public
as $$
declare
  customer uuid;
begin
  insert into public.sync_departures (table_name, row_id)
  values (tg_table_name, case when tg_op = 'DELETE' then old.id else new.id end);
  -- A directory user claimed at sign-up takes the new account's id (handle_new_auth_user): the
  -- old id has left every view, and a mirror holding it would show the person twice.
  if tg_op = 'UPDATE' and old.id is distinct from new.id then
    insert into public.sync_departures (table_name, row_id) values (tg_table_name, old.id);
  end if;
  -- Each branch reads only its own table's columns (plpgsql resolves a record field when it runs).
  if tg_table_name = 'chairs' then
    customer := old.owner_user_id;
  elsif tg_table_name in ('support_tickets', 'service_requests') then
    customer := old.customer_user_id;
  end if;
  if customer is not null then
    insert into public.sync_departures (table_name, row_id) values ('users', customer);
  end if;
  if exists (
    select 1 from public.sync_departures_state
     where pruned_at is null or pruned_at < now() - interval '1 day'
  ) then
    perform private.prune_sync_departures();
  end if;
  return null;
end
$$;

revoke all on function private.note_sync_departure() from public, anon, authenticated;

create trigger support_tickets_departure after update on public.support_tickets
  for each row
  when (old.engineer_user_id is distinct from new.engineer_user_id
        or old.customer_user_id is distinct from new.customer_user_id)
  execute function private.note_sync_departure();
create trigger service_requests_departure after update on public.service_requests
  for each row
  when (old.engineer_user_id is distinct from new.engineer_user_id
        or old.customer_user_id is distinct from new.customer_user_id)
  execute function private.note_sync_departure();
create trigger chairs_departure after update on public.chairs
  for each row when (old.owner_user_id is distinct from new.owner_user_id)
  execute function private.note_sync_departure();
create trigger part_requests_departure after update on public.part_requests
  for each row when (old.user_id is distinct from new.user_id)
  execute function private.note_sync_departure();
create trigger installations_departure after update on public.installations
  for each row when (old.engineer_user_id is distinct from new.engineer_user_id)
  execute function private.note_sync_departure();
create trigger users_departure after update on public.users
  for each row
  when (old.role is distinct from new.role or old.deleted_at is distinct from new.deleted_at
        or old.id is distinct from new.id)
  execute function private.note_sync_departure();

create trigger support_tickets_deleted after delete on public.support_tickets
  for each row execute function private.note_sync_departure();
create trigger service_requests_deleted after delete on public.service_requests
  for each row execute function private.note_sync_departure();
create trigger chairs_deleted after delete on public.chairs
  for each row execute function private.note_sync_departure();
create trigger part_requests_deleted after delete on public.part_requests
  for each row execute function private.note_sync_departure();
create trigger installations_deleted after delete on public.installations
  for each row execute function private.note_sync_departure();
create trigger users_deleted after delete on public.users
  for each row execute function private.note_sync_departure();
create trigger parts_deleted after delete on public.parts
  for each row execute function private.note_sync_departure();
create trigger training_resources_deleted after delete on public.training_resources
  for each row execute function private.note_sync_departure();

-- ---------------------------------------------------------------------------------------------
-- Pull, with the cards merged into the users pages, and a resync when the departure log no
-- longer covers the cursor
-- ---------------------------------------------------------------------------------------------

-- The mirrored tables sync reads, or a validation error naming the table asked for.
create or replace function private.sync_require_table(table_name text) returns void
language plpgsql
immutable
as $$
begin
  if table_name is null or table_name not in (
    'users', 'chairs', 'parts', 'support_tickets', 'training_resources', 'part_requests',
    'service_requests', 'installations', 'device_health'
  ) then
    raise exception 'Unknown table %', coalesce(table_name, '(none)')
      using errcode = 'PT400', detail = 'validation';
  end if;
end
$$;

-- One page of a table for the caller. `departed_after` bounds the departures an incremental pull
-- reads: the client passes the previous pull's server time less the overlap window, since
-- departures before it were reported then. The row cursor alone would do for busy tables, but the
-- cursor of a quiet table (training untouched for months) is old, and it would re-read, and soon
-- outlive, the whole log. When the log no longer reaches back to departed_after, the answer is
-- `resync`. Without it (an older client), departures are read from the row cursor, with no
-- resync.
create or replace function public.sync_pull(
  table_name text,
  after_updated_at timestamptz default null,
  after_id uuid default null,
  max_rows integer default 1000,
  with_total boolean default false,
  departed_after timestamptz default null
) returns jsonb
language plpgsql
stable
security invoker
set search_path = public
as $$
declare
  page jsonb;
  total bigint;
  gone jsonb := '[]'::jsonb;
  since timestamptz := coalesce(after_updated_at, '-infinity'::timestamptz);
  since_id uuid := coalesce(after_id, '00000000-0000-0000-0000-000000000000'::uuid);
  page_size integer := greatest(1, least(coalesce(max_rows, 1000), 5000));
  departures_since timestamptz := coalesce(departed_after, after_updated_at);
begin
  perform private.sync_require_table(table_name);

  -- Only an incremental pull names departed_after; the later pages of a first sync page past rows
  -- of any age and must not be taken for a stale cursor.
  if departed_after is not null and not private.sync_departures_cover(departed_after) then
    return jsonb_build_object(
      'rows', '[]'::jsonb, 'total', null, 'gone', '[]'::jsonb, 'server_time', now(), 'resync', true
    );
  end if;

  if table_name = 'users' then
    -- Each source is cut at the cursor and the page size before the merge, so a page reads at
    -- most two pages of rows whatever the number of users.
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
    select coalesce(jsonb_agg(p.row order by p.ts, p.id), '[]'::jsonb)
      into page
      from (select * from keyed k order by k.ts, k.id limit page_size) p;

    if with_total then
      select (select count(*) from public.users u where (u.updated_at, u.id) > (since, since_id))
           + (select count(*) from private.my_user_cards(since, since_id, null))
        into total;
    end if;
  else
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(p) order by p.updated_at, p.id), ''[]''::jsonb)
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
      'select coalesce(jsonb_agg(distinct d.row_id), ''[]''::jsonb)
         from public.sync_departures d
        where d.table_name = $1 and d.departed_at > $2
          and not exists (select 1 from public.%I t where t.id = d.row_id)
          and not ($1 = ''users'' and private.sees_user_card(d.row_id))',
      table_name
    ) into gone using table_name, departures_since;
  end if;

  return jsonb_build_object('rows', page, 'total', total, 'gone', gone, 'server_time', now());
end
$$;

revoke all on function public.sync_pull(text, timestamptz, uuid, integer, boolean, timestamptz)
  from public, anon;
grant execute on function public.sync_pull(text, timestamptz, uuid, integer, boolean, timestamptz)
  to authenticated, service_role;

-- The caller's current view of specific rows, cards included for users.
create or replace function public.sync_rows(table_name text, ids uuid[]) returns jsonb
language plpgsql
stable
security invoker
set search_path = public
as $$
declare
  found_rows jsonb;
begin
  perform private.sync_require_table(table_name);
  if coalesce(array_length(ids, 1), 0) > 1000 then
    raise exception 'At most 1000 ids per call' using errcode = 'PT400', detail = 'validation';
  end if;
  if table_name = 'users' then
    with visible as (
      select to_jsonb(u) as row from public.users u where u.id = any (coalesce(ids, '{}'::uuid[]))
    )
    select coalesce(jsonb_agg(r.row), '[]'::jsonb) into found_rows
      from (
        select row from visible
        union all
        select c from private.my_user_cards() c
         where (c ->> 'id')::uuid = any (coalesce(ids, '{}'::uuid[]))
           and not exists (select 1 from visible v where v.row ->> 'id' = c ->> 'id')
      ) r;
  else
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(t)), ''[]''::jsonb) from public.%I t where t.id = any ($1)',
      table_name
    ) into found_rows using coalesce(ids, '{}'::uuid[]);
  end if;
  return jsonb_build_object('rows', found_rows);
end
$$;

revoke all on function public.sync_rows(text, uuid[]) from public, anon;
grant execute on function public.sync_rows(text, uuid[]) to authenticated, service_role;
