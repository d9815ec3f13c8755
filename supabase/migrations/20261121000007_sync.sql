-- What the sync engine (sync/pull.ts, sync/push.ts) reads through.
--
-- public.sync_pull returns, for one mirrored table, the rows the CALLER may read (SECURITY
-- INVOKER: the same RLS policies decide) whose (updated_at, id) comes after the client's cursor,
-- in cursor order, one page at a time. Keyset paging on the (updated_at, id) index keeps each page
-- cheap however large the table. Soft-deleted rows are included so clients can remove them; rows
-- that left the caller's view since the cursor come back as `gone` ids; `server_time` lets the
-- client bound the overlap it re-reads next time (a transaction still open at that moment began
-- after server_time - overlap).

-- ---------------------------------------------------------------------------------------------
-- Contact cards
-- ---------------------------------------------------------------------------------------------
-- A customer sees only the name and phone of the engineers on their tickets and service requests
-- (issue 3 least privilege), not their e-mail, address, certifications or availability. Row level
-- security cannot hide columns, so customers lose the row policy on engineers' users rows and get
-- contact cards instead, through a SECURITY DEFINER function that builds just those fields. The
-- sync pull merges the cards into the customer's users pages.

drop policy if exists users_select_customer_engineer on public.users;

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

-- ---------------------------------------------------------------------------------------------
-- Departures
-- ---------------------------------------------------------------------------------------------
-- Rows that leave a user's view. Row level security hides a ticket from an engineer once another
-- engineer takes it, a chair from a customer once it is reassigned, a user once deleted: an
-- incremental pull of visible rows would never mention them again and they would linger in the
-- mirror. Every change that can move a row out of someone's view is noted here, and sync_pull
-- returns, with each incremental page, the noted ids since the cursor that the caller can no
-- longer see ("gone"), so the client removes them.
--
-- The log holds only table names, random row ids and times; every signed-in user may read it.

create table public.sync_departures (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_id uuid not null,
  departed_at timestamptz not null default clock_timestamp()
);

create index sync_departures_table_time_idx on public.sync_departures (table_name, departed_at);

alter table public.sync_departures enable row level security;
revoke all on public.sync_departures from anon, authenticated;
grant select on public.sync_departures to authenticated;
grant all on public.sync_departures to service_role;
create policy sync_departures_read on public.sync_departures for select to authenticated
  using (true);

create or replace function public.note_sync_departure() returns trigger
language plpgsql
security definer
set search_path = public
as $$
begin
  insert into public.sync_departures (table_name, row_id)
  values (tg_table_name, case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end
$$;

revoke all on function public.note_sync_departure() from public, anon, authenticated;

create trigger support_tickets_departure after update on public.support_tickets
  for each row
  when (old.engineer_user_id is distinct from new.engineer_user_id
        or old.customer_user_id is distinct from new.customer_user_id)
  execute function public.note_sync_departure();
create trigger service_requests_departure after update on public.service_requests
  for each row
  when (old.engineer_user_id is distinct from new.engineer_user_id
        or old.customer_user_id is distinct from new.customer_user_id)
  execute function public.note_sync_departure();
create trigger chairs_departure after update on public.chairs
  for each row when (old.owner_user_id is distinct from new.owner_user_id)
  execute function public.note_sync_departure();
create trigger part_requests_departure after update on public.part_requests
  for each row when (old.user_id is distinct from new.user_id)
  execute function public.note_sync_departure();
create trigger installations_departure after update on public.installations
  for each row when (old.engineer_user_id is distinct from new.engineer_user_id)
  execute function public.note_sync_departure();
create trigger users_departure after update on public.users
  for each row
  when (old.role is distinct from new.role or old.deleted_at is distinct from new.deleted_at)
  execute function public.note_sync_departure();

create trigger support_tickets_deleted after delete on public.support_tickets
  for each row execute function public.note_sync_departure();
create trigger service_requests_deleted after delete on public.service_requests
  for each row execute function public.note_sync_departure();
create trigger chairs_deleted after delete on public.chairs
  for each row execute function public.note_sync_departure();
create trigger part_requests_deleted after delete on public.part_requests
  for each row execute function public.note_sync_departure();
create trigger installations_deleted after delete on public.installations
  for each row execute function public.note_sync_departure();
create trigger users_deleted after delete on public.users
  for each row execute function public.note_sync_departure();
create trigger parts_deleted after delete on public.parts
  for each row execute function public.note_sync_departure();
create trigger training_resources_deleted after delete on public.training_resources
  for each row execute function public.note_sync_departure();

-- ---------------------------------------------------------------------------------------------
-- Pull
-- ---------------------------------------------------------------------------------------------
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
