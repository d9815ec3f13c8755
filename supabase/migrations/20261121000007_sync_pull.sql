-- Incremental pull for the sync engine (sync/pull.ts).
--
-- public.sync_pull returns, for one mirrored table, the rows the CALLER may read (SECURITY
-- INVOKER: the same RLS policies decide) whose (updated_at, id) comes after the client's cursor,
-- in cursor order, one page at a time. Keyset paging on the (updated_at, id) index keeps each page
-- cheap however large the table. Soft-deleted rows are included so clients can remove them.
-- The client re-reads an overlap window behind its cursor, so a row whose transaction committed
-- after a later row was already pulled is still seen.

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

  return jsonb_build_object('rows', page, 'total', total);
end
$$;

revoke all on function public.sync_pull(text, timestamptz, uuid, integer, boolean) from public, anon;
grant execute on function public.sync_pull(text, timestamptz, uuid, integer, boolean)
  to authenticated, service_role;

-- The caller's current view of specific rows (SECURITY INVOKER: RLS decides). After the server
-- rejects a change, the client re-reads the rows it had changed: a row missing from the answer
-- no longer exists for this user (e.g. a ticket another engineer took) and leaves the mirror.
create or replace function public.sync_rows(table_name text, ids uuid[]) returns jsonb
language plpgsql
stable
security invoker
set search_path = public
as $$
declare
  found_rows jsonb;
begin
  if table_name is null or table_name not in (
    'users', 'chairs', 'parts', 'support_tickets', 'training_resources', 'part_requests',
    'service_requests', 'installations'
  ) then
    raise exception 'Unknown table %', coalesce(table_name, '(none)')
      using errcode = 'PT400', detail = 'validation';
  end if;
  if coalesce(array_length(ids, 1), 0) > 1000 then
    raise exception 'At most 1000 ids per call' using errcode = 'PT400', detail = 'validation';
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(t)), ''[]''::jsonb) from public.%I t where t.id = any ($1)',
    table_name
  ) into found_rows using coalesce(ids, '{}'::uuid[]);
  return jsonb_build_object('rows', found_rows);
end
$$;

revoke all on function public.sync_rows(text, uuid[]) from public, anon;
grant execute on function public.sync_rows(text, uuid[]) to authenticated, service_role;
