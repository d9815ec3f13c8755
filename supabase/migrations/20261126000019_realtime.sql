-- Live updates (issue 28): after a commit that changes rows, the database pokes the devices that
-- can see them, through Supabase Realtime's broadcast from the database (realtime.send, private
-- channels). A poke names the tables changed, never a row's contents: the device then pulls those
-- tables through public.sync_pull, so row-level security stays the one gate for rows, and a lost
-- poke costs nothing (the minute poll remains).
--
-- Topics, by audience:
--   user:<uuid>   a user's own rows, and rows about them (a customer's tickets, chairs, requests
--                 and the engineer cards on them; an engineer's assigned work)
--   role:<ROLE>   tables every member of that role reads (ADMIN: everything; VENDOR: tickets,
--                 service requests, installations, engineers and customer cards;
--                 ENGINEER: chairs, unassigned work, customers; CUSTOMER: parts and training)
--   field-team    presence only: engineers say they are online there, vendors see who is
-- Who may join which topic is decided by the policies on realtime.messages below, as hosted
-- Realtime Authorization does: realtime.topic() is the topic being joined, auth.uid() the user.
--
-- Device health is not poked: every device reports after each sync round, and a poke to vendors
-- would make each vendor's device pull and report in turn, poking the others again. The vendor's
-- devices list is refreshed by the minute's pull, as before; who is online now comes from presence.
--
-- The pokes are sent by statement-level triggers (transition tables), so a statement that changes
-- many rows sends one message per topic, not one per row; within a transaction PostgreSQL also
-- folds identical notifications into one. Realtime delivers a message only once its transaction
-- has committed.

-- ---------------------------------------------------------------------------------------------
-- Who may join which topic. Reading a topic's broadcasts (and so joining it): a user their own
-- user: topic and their own role's topic; engineers and vendors the field-team topic. Reading
-- presence on field-team: vendors only (an engineer says they are online, and sees no one else).
-- Writing: presence on field-team by engineers only; nobody writes broadcasts, so no client can
-- forge a poke (only the database's triggers send them).
-- ---------------------------------------------------------------------------------------------
create policy realtime_read_own_topics on realtime.messages for select to authenticated
  using (
    (select public.current_user_role()) is not null
    and (
      (select realtime.topic()) = 'user:' || (select auth.uid())::text
      or (select realtime.topic()) = 'role:' || (select public.current_user_role())
      or (
        (select realtime.topic()) = 'field-team'
        and (
          (extension = 'broadcast' and (select public.current_user_role()) in ('ENGINEER', 'VENDOR'))
          or (extension = 'presence' and (select public.current_user_role()) = 'VENDOR')
        )
      )
    )
  );

create policy realtime_engineer_presence on realtime.messages for insert to authenticated
  with check (
    (select realtime.topic()) = 'field-team'
    and extension = 'presence'
    and (select public.current_user_role()) = 'ENGINEER'
  );

-- ---------------------------------------------------------------------------------------------
-- The pokes.
-- ---------------------------------------------------------------------------------------------

-- Sends one poke per topic that can see a change to `changed_table`. `people` holds the distinct
-- values of the columns that say whose rows changed (old and new), as the trigger's argument
-- names them: user ids, owners, customers, engineers.
create or replace function private.realtime_fan_out(changed_table text, people jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('tables', jsonb_agg(distinct a.tbl order by a.tbl)),
    'changes',
    a.topic,
    true
  )
  from (
    -- Admins read every table.
    select 'role:ADMIN' as topic, changed_table as tbl
    -- Vendors: tickets and requests (and the chairs on them), installations, engineers, and
    -- customers as cards.
    union all
    select 'role:VENDOR', t
      from unnest(case changed_table
        when 'support_tickets' then array['support_tickets', 'chairs']
        when 'service_requests' then array['service_requests', 'chairs']
        when 'installations' then array['installations']
        when 'chairs' then array['chairs']
        else array[]::text[] end) t
    union all
    select 'role:VENDOR', 'users'
     where changed_table = 'users'
       and exists (select 1 from jsonb_array_elements(people) p
                    where p ->> 'role' in ('ENGINEER', 'CUSTOMER'))
    -- Engineers: every chair, the catalogue, unassigned work, and customers.
    union all
    select 'role:ENGINEER', t
      from unnest(case changed_table
        when 'chairs' then array['chairs', 'users']
        when 'parts' then array['parts']
        when 'training_resources' then array['training_resources']
        else array[]::text[] end) t
    union all
    select 'role:ENGINEER', t
      from unnest(array[changed_table, 'users']) t
     where changed_table in ('support_tickets', 'service_requests')
       and exists (select 1 from jsonb_array_elements(people) p
                    where p -> 'engineer_user_id' = 'null'::jsonb)
    union all
    select 'role:ENGINEER', 'users'
     where changed_table = 'users'
       and exists (select 1 from jsonb_array_elements(people) p where p ->> 'role' = 'CUSTOMER')
    -- Customers: the catalogue.
    union all
    select 'role:CUSTOMER', changed_table
     where changed_table in ('parts', 'training_resources')
    -- A user's own row; the customers who see an engineer's card on their work.
    union all
    select 'user:' || (p ->> 'id'), 'users'
      from jsonb_array_elements(people) p
     where changed_table = 'users' and p ->> 'id' is not null
    union all
    select 'user:' || t.customer_user_id::text, 'users'
      from jsonb_array_elements(people) p
      join public.support_tickets t on t.engineer_user_id = (p ->> 'id')::uuid
     where changed_table = 'users' and p ->> 'role' = 'ENGINEER'
    union all
    select 'user:' || r.customer_user_id::text, 'users'
      from jsonb_array_elements(people) p
      join public.service_requests r on r.engineer_user_id = (p ->> 'id')::uuid
     where changed_table = 'users' and p ->> 'role' = 'ENGINEER'
    -- A chair's owner: the chair, and the installations of their chairs.
    union all
    select 'user:' || (p ->> 'owner_user_id'), t
      from jsonb_array_elements(people) p, unnest(array['chairs', 'installations']) t
     where changed_table = 'chairs' and p ->> 'owner_user_id' is not null
    -- A ticket's or request's customer (with the engineer's card) and its engineer (with the
    -- customer, whom the engineer now reads).
    union all
    select 'user:' || (p ->> 'customer_user_id'), t
      from jsonb_array_elements(people) p, unnest(array[changed_table, 'users']) t
     where changed_table in ('support_tickets', 'service_requests', 'part_requests')
       and p ->> 'customer_user_id' is not null
    union all
    select 'user:' || (p ->> 'engineer_user_id'), t
      from jsonb_array_elements(people) p, unnest(array[changed_table, 'users']) t
     where changed_table in ('support_tickets', 'service_requests')
       and p ->> 'engineer_user_id' is not null
    -- An installation's engineer and the owner of its chair.
    union all
    select 'user:' || (p ->> 'engineer_user_id'), 'installations'
      from jsonb_array_elements(people) p
     where changed_table = 'installations' and p ->> 'engineer_user_id' is not null
    union all
    select distinct 'user:' || c.owner_user_id::text, 'installations'
      from jsonb_array_elements(people) p
      join public.chairs c on c.id = (p ->> 'chair_id')::uuid
     where changed_table = 'installations' and c.owner_user_id is not null
  ) a
  group by a.topic;
end
$$;

revoke all on function private.realtime_fan_out(text, jsonb) from public, anon, authenticated;

-- The statement-level trigger of every mirrored table. Its argument lists the columns that say
-- whose rows changed ('' for a table everyone of a role reads); the changed rows come from the
-- statement's transition tables, old and new.
create or replace function private.realtime_poke() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  cols text := coalesce(tg_argv[0], '');
  source text;
  people jsonb := '[]'::jsonb;
begin
  if cols <> '' then
    source := case tg_op
      when 'INSERT' then format('select %s from new_rows', cols)
      when 'DELETE' then format('select %s from old_rows', cols)
      else format('select %1$s from new_rows union select %1$s from old_rows', cols)
    end;
    execute format(
      'select coalesce(jsonb_agg(to_jsonb(r)), ''[]''::jsonb) from (%s) r', source
    ) into people;
  else
    -- Nothing to name, but a statement that changed no row sends nothing.
    if tg_op = 'DELETE' then
      if not exists (select 1 from old_rows) then return null; end if;
    elsif not exists (select 1 from new_rows) then
      return null;
    end if;
  end if;
  if cols <> '' and people = '[]'::jsonb then
    return null;
  end if;
  perform private.realtime_fan_out(tg_table_name, people);
  return null;
end
$$;

revoke all on function private.realtime_poke() from public, anon, authenticated;

do $$
declare
  t record;
begin
  for t in
    select * from (values
      ('users', 'id, role'),
      ('chairs', 'owner_user_id'),
      ('parts', ''),
      ('training_resources', ''),
      ('support_tickets', 'customer_user_id, engineer_user_id'),
      ('service_requests', 'customer_user_id, engineer_user_id'),
      ('part_requests', 'user_id as customer_user_id'),
      ('installations', 'engineer_user_id, chair_id')
    ) as v(name, cols)
  loop
    execute format(
      'create trigger %1$s_poke_insert after insert on public.%1$I referencing new table as new_rows
         for each statement execute function private.realtime_poke(%2$L)', t.name, t.cols);
    execute format(
      'create trigger %1$s_poke_update after update on public.%1$I
         referencing old table as old_rows new table as new_rows
         for each statement execute function private.realtime_poke(%2$L)', t.name, t.cols);
    execute format(
      'create trigger %1$s_poke_delete after delete on public.%1$I referencing old table as old_rows
         for each statement execute function private.realtime_poke(%2$L)', t.name, t.cols);
  end loop;
end
$$;
