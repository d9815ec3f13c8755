-- sync_pull also reports the server's time at the start of the pull (`server_time`). The client
-- keeps it with its cursor: a transaction still open at that moment began after
-- server_time - overlap, so the next pull need only re-read from there (or from the cursor, if
-- later), instead of a fixed window behind the cursor that re-reads rows written in a burst on
-- every pull until a newer change moves the cursor.

create or replace function public.sync_pull(
  table_name text,
  after_updated_at timestamptz default null,
  after_id uuid default null,
  max_rows integer default 1000,
  with_total boolean default false
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
begin
  if table_name is null or table_name not in (
    'users', 'chairs', 'parts', 'support_tickets', 'training_resources', 'part_requests',
    'service_requests', 'installations'
  ) then
    raise exception 'Unknown table %', coalesce(table_name, '(none)')
      using errcode = 'PT400', detail = 'validation';
  end if;

  if table_name = 'users' and public.current_user_role() = 'CUSTOMER' then
    with candidates as (
      select to_jsonb(u) as row from public.users u
      union all
      select c from public.my_engineer_contacts() c
    ),
    keyed as (
      select row, (row ->> 'updated_at')::timestamptz as ts, (row ->> 'id')::uuid as id
        from candidates
    )
    select coalesce(jsonb_agg(p.row order by p.ts, p.id), '[]'::jsonb),
           case when with_total then (select count(*) from keyed k where (k.ts, k.id) > (since, since_id)) end
      into page, total
      from (select * from keyed k where (k.ts, k.id) > (since, since_id) order by k.ts, k.id limit page_size) p;
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

  if after_updated_at is not null then
    execute format(
      'select coalesce(jsonb_agg(distinct d.row_id), ''[]''::jsonb)
         from public.sync_departures d
        where d.table_name = $1 and d.departed_at > $2
          and not exists (select 1 from public.%I t where t.id = d.row_id)',
      table_name
    ) into gone using table_name, since;
  end if;

  return jsonb_build_object('rows', page, 'total', total, 'gone', gone, 'server_time', now());
end
$$;
