-- A vendor operations manager reads customers' names and addresses, nothing more (issue 3 least
-- privilege): the Ticket Assignment screen searches by customer name, the Service Assignment
-- screen shows the customer's practice address, else their own address. Their e-mail, phone,
-- profile picture and the practice's type and phone stay private.
--
-- Row level security cannot hide columns, so vendors lose the row policy on customers' users rows
-- (they keep it on engineers, whom they oversee in full) and read customer cards instead, built by
-- a SECURITY DEFINER function, as customers read engineers' contact cards (migration 000007). The
-- sync pull and the re-read after a rejection merge each role's cards into its users rows.

drop policy if exists users_select_vendor on public.users;
create policy users_select_vendor on public.users for select to authenticated
  using ((select public.current_user_role()) = 'VENDOR' and role = 'ENGINEER');

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
create or replace function public.my_user_cards(
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

revoke all on function public.my_user_cards(timestamptz, uuid, integer) from public, anon;
grant execute on function public.my_user_cards(timestamptz, uuid, integer)
  to authenticated, service_role;

-- Whether the caller sees this user as a card (a departed user still seen so has not gone).
create or replace function public.sees_user_card(target_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select case public.current_user_role()
    when 'CUSTOMER' then exists (
      select 1 from public.users u
       where u.id = target_user_id and u.role = 'ENGINEER'
         and public.is_engineer_on_my_work(target_user_id)
    )
    when 'VENDOR' then exists (
      select 1 from public.users u where u.id = target_user_id and u.role = 'CUSTOMER'
    )
    else false
  end
$$;

revoke all on function public.sees_user_card(uuid) from public, anon;
grant execute on function public.sees_user_card(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Pull, with the cards merged into the users pages, and a resync when the departure log no
-- longer covers the cursor (migration 000010)
-- ---------------------------------------------------------------------------------------------

-- The mirrored tables sync reads, or a validation error naming the table asked for.
create or replace function public.sync_require_table(table_name text) returns void
language plpgsql
immutable
as $$
begin
  if table_name is null or table_name not in (
    'users', 'chairs', 'parts', 'support_tickets', 'training_resources', 'part_requests',
    'service_requests', 'installations'
  ) then
    raise exception 'Unknown table %', coalesce(table_name, '(none)')
      using errcode = 'PT400', detail = 'validation';
  end if;
end
$$;

--
-- `departed_after` bounds the departures an incremental pull reads: the client passes the
-- previous pull's server time less the overlap window, since departures before it were reported
-- then. The row cursor alone would do for busy tables, but the cursor of a quiet table (training
-- untouched for months) is old, and it would re-read, and soon outlive, the whole log. When the
-- log no longer reaches back to departed_after, the answer is `resync`. Without it (a client from
-- before this migration), departures are read from the row cursor as before, with no resync.
drop function public.sync_pull(text, timestamptz, uuid, integer, boolean);
create function public.sync_pull(
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
  perform public.sync_require_table(table_name);

  -- Only an incremental pull names departed_after; the later pages of a first sync page past rows
  -- of any age and must not be taken for a stale cursor.
  if departed_after is not null and not public.sync_departures_cover(departed_after) then
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
      select c from public.my_user_cards(since, since_id, page_size) c
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
           + (select count(*) from public.my_user_cards(since, since_id, null))
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
          and not ($1 = ''users'' and public.sees_user_card(d.row_id))',
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
  perform public.sync_require_table(table_name);
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
        select c from public.my_user_cards() c
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
