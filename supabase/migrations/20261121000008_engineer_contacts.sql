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

-- sync_pull as before, plus: a customer's users pages are their own row and the contact cards.
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
    return jsonb_build_object('rows', page, 'total', total);
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
