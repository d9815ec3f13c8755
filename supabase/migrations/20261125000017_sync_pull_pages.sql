-- A page of the first sync at the cost of one page (issue 19).
--
-- 1. The keyset query of public.sync_pull (rows after the cursor in (updated_at, id) order, LIMIT
--    the page size) is meant to walk the (updated_at, id) index and stop after a page. Under row
--    level security the planner misjudges it: it estimates that the policy's filter lets a few
--    hundred of the table's rows through, and prefers a bitmap scan of EVERY row after the cursor
--    with a top-N sort to the ordered index scan. Measured on PGlite with the generated full data
--    set (50k tickets, as an admin): a page of 1,000 tickets took 28-33 ms, 16-19 ms of it the
--    scan and sort of the 30k-50k rows after the cursor, so the earlier a page, the dearer. With
--    bitmap scans and explicit sorts priced out for this function's own statements (restored
--    when it returns), each page reads only what it returns and the rows the caller may not see.
-- 2. The answer is built as json, not jsonb: the client receives text either way, and building
--    jsonb only to print it again cost more than the query (a page of tickets: 15 ms as jsonb,
--    6 ms as json). A new return type needs the function dropped and created again; the wire is
--    the same JSON, so clients of either version read it alike.

drop function public.sync_pull(text, timestamptz, uuid, integer, boolean, timestamptz);

create function public.sync_pull(  table_name text,
  after_updated_at timestamptz default null,
  after_id uuid default null,
  max_rows integer default 1000,
  with_total boolean default false,
  departed_after timestamptz default null
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

revoke all on function public.sync_pull(text, timestamptz, uuid, integer, boolean, timestamptz)
  from public, anon;
grant execute on function public.sync_pull(text, timestamptz, uuid, integer, boolean, timestamptz)
  to authenticated, service_role;
