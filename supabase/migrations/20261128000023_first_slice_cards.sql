-- A vendor's first slice of users, at fleet size (issue 30): the customers' cards made for the
-- slice's customers only.
--
-- private.sync_pull_first('users') (migration 0020) made every customer's card a vendor may read
-- (private.my_user_cards: 15 ms of the slice's 23 ms for the generated full set's customers, on
-- PGlite) and kept the few the slice names. The card is now one function (private.customer_card,
-- which public.vendor_customer_cards makes its pages with, as before), and the slice makes the cards
-- of its own ids (private.vendor_customer_cards_of). Same rows:
-- tests/integration/sync-first-stage.test.ts holds the vendor's home after the first stage equal
-- to their home over the complete mirror, and tests/integration/first-slice-cards.test.ts holds
-- the slice's cards equal to the whole pull's.

-- A customer's card, as a vendor reads it: id, name, address and the practice's name and address.
create or replace function private.customer_card(u public.users) returns jsonb
language sql
stable
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
$$;

-- As migration 0011 defined it, each card made by private.customer_card.
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
  select private.customer_card(u)
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

-- The cards of these customers after a cursor, for a vendor (nothing for anyone else).
create or replace function private.vendor_customer_cards_of(
  ids uuid[],
  after_updated_at timestamptz,
  after_id uuid
) returns setof jsonb
language sql
stable
security definer
set search_path = public
as $$
  select private.customer_card(u)
    from public.users u
   where (select public.current_user_role()) = 'VENDOR'
     and u.role = 'CUSTOMER'
     and u.id = any (ids)
     and (u.updated_at, u.id) > (
       coalesce(after_updated_at, '-infinity'::timestamptz),
       coalesce(after_id, '00000000-0000-0000-0000-000000000000'::uuid)
     )
$$;

-- As migration 0020 defined it (its header says what a slice holds), a vendor's cards made for
-- the slice's ids.
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
    -- Rows and cards (a vendor reads customers as cards, migration 0011), merged as sync_pull does;
    -- a vendor's cards made for the slice's customers only.
    with candidates as (
      select to_jsonb(u) as row
        from public.users u
       where u.id = any (ids) and (u.updated_at, u.id) > (since, since_id)
      union all
      select c from private.my_user_cards(since, since_id, null) c
       where (select public.current_user_role()) = 'CUSTOMER'
         and (c ->> 'id')::uuid = any (ids)
      union all
      select c from private.vendor_customer_cards_of(ids, since, since_id) c
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

revoke all on function private.customer_card(public.users) from public, anon;
grant execute on function private.customer_card(public.users) to authenticated, service_role;
revoke all on function public.vendor_customer_cards(timestamptz, uuid, integer) from public, anon;
grant execute on function public.vendor_customer_cards(timestamptz, uuid, integer)
  to authenticated, service_role;
revoke all on function private.vendor_customer_cards_of(uuid[], timestamptz, uuid)
  from public, anon;
grant execute on function private.vendor_customer_cards_of(uuid[], timestamptz, uuid)
  to authenticated, service_role;
revoke all on function private.sync_pull_first(text, timestamptz, uuid, integer, boolean)
  from public, anon;
grant execute on function private.sync_pull_first(text, timestamptz, uuid, integer, boolean)
  to authenticated, service_role;
