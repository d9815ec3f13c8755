-- Admin guarded operations (SPEC §2 Admin routes, §5 Add user / Add chair, §6 ADMIN), claiming of
-- admin-created directory users at sign-up, and least-privilege fixes found by the access matrix
-- (tests/integration/access-matrix.test.ts).
--
-- Every operation follows the contract in 20261121000003_mutation_ledger.sql: mutation_begin,
-- require_role('ADMIN'), validate, change, mutation_finish with the changed rows by table name.

-- ---------------------------------------------------------------------------------------------
-- E-mail uniqueness: case-insensitive among non-deleted users. A soft-deleted user no longer
-- holds their address, so an admin can create the person again and they can sign up again.
-- ---------------------------------------------------------------------------------------------
alter table public.users drop constraint if exists users_email_key;
create unique index if not exists users_email_active_key
  on public.users (lower(email)) where deleted_at is null;

-- ---------------------------------------------------------------------------------------------
-- References to users(id) follow an id change (a claimed directory user takes the auth id).
-- Looked up by catalog so the actual constraint names are used, whatever created them.
-- ---------------------------------------------------------------------------------------------
do $$
declare
  c record;
begin
  for c in
    select con.conname, con.conrelid::regclass::text as tbl, pg_get_constraintdef(con.oid) as def
      from pg_constraint con
     where con.contype = 'f'
       and con.confrelid = 'public.users'::regclass
       and con.confupdtype = 'a'
  loop
    execute format('alter table %s drop constraint %I', c.tbl, c.conname);
    execute format('alter table %s add constraint %I %s on update cascade', c.tbl, c.conname, c.def);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Sign-up trigger (replaces the one in 20261121000002_policies.sql, same behaviour) plus
-- claiming: when a non-deleted users row with the new account's e-mail exists under another id
-- that no auth account has, that row takes the new auth id and keeps its admin-given role and
-- details (the admin's role wins over sign-up metadata and signup_customer_only).
-- ---------------------------------------------------------------------------------------------
create or replace function public.handle_new_auth_user() returns trigger
language plpgsql
security definer
set search_path = public
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  requested_role text := upper(nullif(trim(meta ->> 'role'), ''));
  chosen_role text;
  chosen_name text;
  directory_id uuid;
begin
  if requested_role in ('CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR') then
    chosen_role := requested_role;
  else
    chosen_role := 'CUSTOMER';
  end if;
  if public.setting_enabled('signup_customer_only') then
    chosen_role := 'CUSTOMER';
  end if;

  chosen_name := coalesce(nullif(trim(meta ->> 'name'), ''), split_part(coalesce(new.email, ''), '@', 1));

  select u.id into directory_id
    from public.users u
   where new.email is not null
     and lower(u.email) = lower(new.email)
     and u.deleted_at is null
     and u.id <> new.id
     and not exists (select 1 from auth.users a where a.id = u.id)
   order by u.created_at
   limit 1
   for update;

  if directory_id is not null then
    update public.users
       set id = new.id,
           email = new.email,
           name = coalesce(nullif(trim(name), ''), nullif(chosen_name, ''))
     where id = directory_id;
    return new;
  end if;

  insert into public.users (id, email, name, role)
  values (new.id, new.email, nullif(chosen_name, ''), chosen_role)
  on conflict (id) do nothing;
  return new;
end
$$;

revoke all on function public.handle_new_auth_user() from public;

-- ---------------------------------------------------------------------------------------------
-- Least-privilege fixes (issue 3), found by the access matrix:
--  * a soft-deleted user's session read its own users row; now it reads nothing;
--  * a vendor read every chair (inventory included); now only chairs on tickets or service
--    requests (the vendor screens search those by serial number);
--  * a vendor read the parts catalog and training; those are for customers and engineers.
-- ---------------------------------------------------------------------------------------------
create or replace function public.is_chair_on_tickets_or_requests(target_chair_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (select 1 from public.support_tickets t where t.chair_id = target_chair_id)
      or exists (select 1 from public.service_requests r where r.chair_id = target_chair_id)
$$;
revoke all on function public.is_chair_on_tickets_or_requests(uuid) from public, anon;
grant execute on function public.is_chair_on_tickets_or_requests(uuid) to authenticated, service_role;

drop policy if exists users_select_own on public.users;
create policy users_select_own on public.users for select to authenticated
  using (id = auth.uid() and public.current_user_role() is not null);

drop policy if exists chairs_select_staff on public.chairs;
create policy chairs_select_engineer on public.chairs for select to authenticated
  using (public.current_user_role() = 'ENGINEER');
create policy chairs_select_vendor on public.chairs for select to authenticated
  using (public.current_user_role() = 'VENDOR' and public.is_chair_on_tickets_or_requests(id));

drop policy if exists parts_select_all on public.parts;
create policy parts_select_all on public.parts for select to authenticated
  using (public.current_user_role() in ('CUSTOMER', 'ENGINEER'));

drop policy if exists training_resources_select_all on public.training_resources;
create policy training_resources_select_all on public.training_resources for select to authenticated
  using (public.current_user_role() in ('CUSTOMER', 'ENGINEER'));

-- ---------------------------------------------------------------------------------------------
-- Internal argument helpers (never called by API roles).
-- ---------------------------------------------------------------------------------------------

-- args ->> key as a uuid, or a validation error with message.
create or replace function public.ops_admin_uuid(args jsonb, key text, message text) returns uuid
language plpgsql
immutable
as $$
declare
  raw text := args ->> key;
begin
  if raw is null or jsonb_typeof(args -> key) <> 'string'
     or raw !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform public.app_error('validation', message);
  end if;
  return raw::uuid;
end
$$;

-- Optional text arg: null when absent or JSON null, else the string; other types are refused.
create or replace function public.ops_admin_text(args jsonb, key text, message text) returns text
language plpgsql
immutable
as $$
begin
  if args -> key is null or jsonb_typeof(args -> key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'string' then
    perform public.app_error('validation', message);
  end if;
  return args ->> key;
end
$$;

-- A list of strings, trimmed, empty entries dropped (a comma-separated string is split too).
create or replace function public.ops_admin_list(value jsonb, message text) returns jsonb
language plpgsql
immutable
as $$
begin
  if value is null or jsonb_typeof(value) = 'null' then
    return '[]'::jsonb;
  end if;
  if jsonb_typeof(value) = 'string' then
    value := to_jsonb(string_to_array(value #>> '{}', ','));
  end if;
  if jsonb_typeof(value) <> 'array'
     or exists (select 1 from jsonb_array_elements(value) e where jsonb_typeof(e) <> 'string') then
    perform public.app_error('validation', message);
  end if;
  return coalesce(
    (select jsonb_agg(trim(e.v) order by e.n)
       from jsonb_array_elements_text(value) with ordinality as e(v, n)
      where trim(e.v) <> ''),
    '[]'::jsonb
  );
end
$$;

-- Validated part fields from args (part.add / part.update).
create or replace function public.ops_admin_part_fields(args jsonb) returns jsonb
language plpgsql
immutable
as $$
declare
  v_name text := nullif(trim(coalesce(public.ops_admin_text(args, 'name', 'Name is required'), '')), '');
  v_model text := public.ops_admin_text(args, 'model', 'Model must be S30 or U500');
begin
  if v_name is null then
    perform public.app_error('validation', 'Name is required');
  end if;
  if v_model is not null and v_model not in ('S30', 'U500') then
    perform public.app_error('validation', 'Model must be S30 or U500');
  end if;
  -- Nested checks: SQL does not promise to short-circuit OR, and a cast of a non-number fails.
  if jsonb_typeof(args -> 'price') is distinct from 'number' then
    perform public.app_error('validation', 'Price must be 0 or more');
  end if;
  if (args ->> 'price')::numeric < 0 then
    perform public.app_error('validation', 'Price must be 0 or more');
  end if;
  if (args ->> 'price')::numeric >= 10000000000 then
    perform public.app_error('validation', 'Price is too large');
  end if;
  if jsonb_typeof(args -> 'stock') is distinct from 'number' then
    perform public.app_error('validation', 'Stock must be 0 or more');
  end if;
  if (args ->> 'stock')::numeric < 0 then
    perform public.app_error('validation', 'Stock must be 0 or more');
  end if;
  if (args ->> 'stock')::numeric <> trunc((args ->> 'stock')::numeric)
     or (args ->> 'stock')::numeric > 2147483647 then
    perform public.app_error('validation', 'Stock must be a whole number');
  end if;
  return jsonb_build_object(
    'name', v_name,
    'part_code', public.ops_admin_text(args, 'partCode', 'Part code must be text'),
    'model', v_model,
    'diagram_url', public.ops_admin_text(args, 'diagramUrl', 'Diagram URL must be text'),
    'price', round((args ->> 'price')::numeric, 2),
    'stock', (args ->> 'stock')::integer
  );
end
$$;

-- Validated training fields from args (training.add / training.update).
create or replace function public.ops_admin_training_fields(args jsonb) returns jsonb
language plpgsql
immutable
as $$
declare
  v_title text := nullif(trim(coalesce(public.ops_admin_text(args, 'title', 'Title is required'), '')), '');
  v_type text := public.ops_admin_text(args, 'type', 'Type must be VIDEO, PDF or FAQ');
begin
  if v_title is null then
    perform public.app_error('validation', 'Title is required');
  end if;
  if v_type is null or v_type not in ('VIDEO', 'PDF', 'FAQ') then
    perform public.app_error('validation', 'Type must be VIDEO, PDF or FAQ');
  end if;
  return jsonb_build_object(
    'title', v_title,
    'type', v_type,
    'url', public.ops_admin_text(args, 'url', 'URL must be text'),
    'content', public.ops_admin_text(args, 'content', 'Content must be text')
  );
end
$$;

revoke all on function public.ops_admin_uuid(jsonb, text, text) from public, anon, authenticated;
revoke all on function public.ops_admin_text(jsonb, text, text) from public, anon, authenticated;
revoke all on function public.ops_admin_list(jsonb, text) from public, anon, authenticated;
revoke all on function public.ops_admin_part_fields(jsonb) from public, anon, authenticated;
revoke all on function public.ops_admin_training_fields(jsonb) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- user.create: a directory entry (no auth account) the person claims by signing up.
-- ---------------------------------------------------------------------------------------------
create or replace function public.user_create(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_id uuid;
  v_name text;
  v_email text;
  v_role text;
  v_practice jsonb;
  v_engineer jsonb;
  v_practice_name text;
  v_practice_type text;
  v_location text;
  u public.users%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'user.create');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  args := coalesce(args, '{}'::jsonb);

  v_id := public.ops_admin_uuid(args, 'id', 'A user id is required');
  v_name := nullif(trim(coalesce(public.ops_admin_text(args, 'name', 'Name is required'), '')), '');
  if v_name is null then
    perform public.app_error('validation', 'Name is required');
  end if;
  v_email := lower(trim(coalesce(
    public.ops_admin_text(args, 'email', 'Please enter a valid email address'), '')));
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    perform public.app_error('validation', 'Please enter a valid email address');
  end if;
  v_role := public.ops_admin_text(args, 'role', 'Role is required');
  if v_role is null or v_role not in ('CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR') then
    perform public.app_error('validation', 'Role is required');
  end if;

  if v_role = 'CUSTOMER' and jsonb_typeof(args -> 'practice') = 'object' then
    v_practice_name := nullif(trim(coalesce(
      public.ops_admin_text(args -> 'practice', 'name', 'Practice name must be text'), '')), '');
    if v_practice_name is not null then
      v_practice_type := coalesce(
        nullif(public.ops_admin_text(args -> 'practice', 'type', 'Practice type must be text'), ''),
        'DENTAL');
      if v_practice_type not in ('DENTAL', 'MEDICAL', 'VETERINARY', 'CLINIC') then
        perform public.app_error('validation',
          'Practice type must be DENTAL, MEDICAL, VETERINARY or CLINIC');
      end if;
      v_practice := jsonb_build_object('name', v_practice_name, 'type', v_practice_type);
    end if;
  end if;

  if v_role = 'ENGINEER' and jsonb_typeof(args -> 'engineer') = 'object' then
    v_location := nullif(trim(coalesce(
      public.ops_admin_text(args -> 'engineer', 'location', 'Location must be text'), '')), '');
    if v_location is not null then
      v_engineer := jsonb_build_object(
        'location', v_location,
        'coverageAreas', public.ops_admin_list(args -> 'engineer' -> 'coverageAreas',
                                               'Coverage areas must be a list'),
        'specializations', public.ops_admin_list(args -> 'engineer' -> 'specializations',
                                                 'Specializations must be a list')
      );
    end if;
  end if;

  if exists (select 1 from public.users x where x.id = v_id) then
    perform public.app_error('conflict', 'A user with this id already exists');
  end if;
  if exists (select 1 from public.users x where lower(x.email) = v_email and x.deleted_at is null) then
    perform public.app_error('conflict', 'A user with this email already exists');
  end if;

  begin
    insert into public.users (id, email, name, role, phone, address, practice, engineer)
    values (v_id, v_email, v_name, v_role,
            nullif(trim(coalesce(public.ops_admin_text(args, 'phone', 'Phone must be text'), '')), ''),
            nullif(trim(coalesce(public.ops_admin_text(args, 'address', 'Address must be text'), '')), ''),
            v_practice, v_engineer)
    returning * into u;
  exception when unique_violation then
    perform public.app_error('conflict', 'A user with this email already exists');
  end;

  return public.mutation_finish(mutation_id, jsonb_build_object('users', jsonb_build_array(to_jsonb(u))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- user.delete: soft delete; never yourself.
-- ---------------------------------------------------------------------------------------------
create or replace function public.user_delete(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_user uuid;
  u public.users%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'user.delete');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  v_user := public.ops_admin_uuid(coalesce(args, '{}'::jsonb), 'userId', 'User not found');
  if v_user = auth.uid() then
    perform public.app_error('validation', 'You cannot delete your own account');
  end if;

  update public.users set deleted_at = now()
   where id = v_user and deleted_at is null
  returning * into u;
  if not found then
    perform public.app_error('not_found', 'User not found');
  end if;

  return public.mutation_finish(mutation_id, jsonb_build_object('users', jsonb_build_array(to_jsonb(u))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- user.setRole: never your own.
-- ---------------------------------------------------------------------------------------------
create or replace function public.user_set_role(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_user uuid;
  v_role text;
  u public.users%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'user.setRole');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  args := coalesce(args, '{}'::jsonb);
  v_user := public.ops_admin_uuid(args, 'userId', 'User not found');
  v_role := public.ops_admin_text(args, 'role', 'Role is required');
  if v_role is null or v_role not in ('CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR') then
    perform public.app_error('validation', 'Role is required');
  end if;
  if v_user = auth.uid() then
    perform public.app_error('validation', 'You cannot change your own role');
  end if;

  update public.users set role = v_role
   where id = v_user and deleted_at is null
  returning * into u;
  if not found then
    perform public.app_error('not_found', 'User not found');
  end if;

  return public.mutation_finish(mutation_id, jsonb_build_object('users', jsonb_build_array(to_jsonb(u))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- chair.add: into inventory (IN_STOCK) with a client id.
-- ---------------------------------------------------------------------------------------------
create or replace function public.chair_add(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_id uuid;
  v_serial text;
  v_model text;
  v_config jsonb;
  c public.chairs%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'chair.add');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  args := coalesce(args, '{}'::jsonb);

  v_id := public.ops_admin_uuid(args, 'id', 'A chair id is required');
  v_serial := nullif(trim(coalesce(
    public.ops_admin_text(args, 'serialNumber', 'Serial number is required'), '')), '');
  if v_serial is null then
    perform public.app_error('validation', 'Serial number is required');
  end if;
  v_model := public.ops_admin_text(args, 'model', 'Model is required');
  if v_model is null or v_model not in ('S30', 'U500') then
    perform public.app_error('validation', 'Model is required');
  end if;
  v_config := args -> 'configuration';
  if v_config is not null and jsonb_typeof(v_config) = 'null' then
    v_config := null;
  end if;
  if v_config is not null and jsonb_typeof(v_config) <> 'object' then
    perform public.app_error('validation', 'Configuration must be an object');
  end if;

  if exists (select 1 from public.chairs x where x.id = v_id) then
    perform public.app_error('conflict', 'A chair with this id already exists');
  end if;
  if exists (select 1 from public.chairs x where upper(x.serial_number) = upper(v_serial)) then
    perform public.app_error('conflict', 'Serial number already exists');
  end if;

  begin
    insert into public.chairs (id, serial_number, model, model_name, configuration, status)
    values (v_id, v_serial, v_model,
            case v_model when 'S30' then 'S30 Sigma' else 'U500 Ambidextrous' end,
            v_config, 'IN_STOCK')
    returning * into c;
  exception when unique_violation then
    perform public.app_error('conflict', 'Serial number already exists');
  end;

  return public.mutation_finish(mutation_id, jsonb_build_object('chairs', jsonb_build_array(to_jsonb(c))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- chair.assignOwner: REGISTERED chairs only; null owner = Unassigned.
-- ---------------------------------------------------------------------------------------------
create or replace function public.chair_assign_owner(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_chair uuid;
  v_owner uuid;
  c public.chairs%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'chair.assignOwner');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  args := coalesce(args, '{}'::jsonb);

  v_chair := public.ops_admin_uuid(args, 'chairId', 'Chair not found');
  if args -> 'ownerUserId' is null then
    perform public.app_error('validation', 'Choose a customer or Unassigned');
  end if;
  if jsonb_typeof(args -> 'ownerUserId') <> 'null' then
    v_owner := public.ops_admin_uuid(args, 'ownerUserId', 'Customer not found');
    if not exists (select 1 from public.users u
                    where u.id = v_owner and u.role = 'CUSTOMER' and u.deleted_at is null) then
      perform public.app_error('not_found', 'Customer not found');
    end if;
  end if;

  select * into c from public.chairs where id = v_chair for update;
  if not found then
    perform public.app_error('not_found', 'Chair not found');
  end if;
  if c.status <> 'REGISTERED' then
    perform public.app_error('conflict', 'Only registered chairs can be reassigned');
  end if;

  update public.chairs set owner_user_id = v_owner
   where id = v_chair and status = 'REGISTERED'
  returning * into c;

  return public.mutation_finish(mutation_id, jsonb_build_object('chairs', jsonb_build_array(to_jsonb(c))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Parts catalogue.
-- ---------------------------------------------------------------------------------------------
create or replace function public.part_add(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_id uuid;
  f jsonb;
  p public.parts%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'part.add');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  args := coalesce(args, '{}'::jsonb);
  v_id := public.ops_admin_uuid(args, 'id', 'A part id is required');
  f := public.ops_admin_part_fields(args);
  if exists (select 1 from public.parts x where x.id = v_id) then
    perform public.app_error('conflict', 'A part with this id already exists');
  end if;

  insert into public.parts (id, name, part_code, model, diagram_url, price, stock)
  values (v_id, f ->> 'name', f ->> 'part_code', f ->> 'model', f ->> 'diagram_url',
          (f ->> 'price')::numeric, (f ->> 'stock')::integer)
  returning * into p;

  return public.mutation_finish(mutation_id, jsonb_build_object('parts', jsonb_build_array(to_jsonb(p))));
end
$$;

create or replace function public.part_update(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_part uuid;
  f jsonb;
  p public.parts%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'part.update');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  args := coalesce(args, '{}'::jsonb);
  v_part := public.ops_admin_uuid(args, 'partId', 'Part not found');
  f := public.ops_admin_part_fields(args);

  -- Optional fields left out of args keep their stored values.
  update public.parts
     set name = f ->> 'name',
         price = (f ->> 'price')::numeric,
         stock = (f ->> 'stock')::integer,
         part_code = case when args ? 'partCode' then f ->> 'part_code' else part_code end,
         model = case when args ? 'model' then f ->> 'model' else model end,
         diagram_url = case when args ? 'diagramUrl' then f ->> 'diagram_url' else diagram_url end
   where id = v_part and deleted_at is null
  returning * into p;
  if not found then
    perform public.app_error('not_found', 'Part not found');
  end if;

  return public.mutation_finish(mutation_id, jsonb_build_object('parts', jsonb_build_array(to_jsonb(p))));
end
$$;

create or replace function public.part_delete(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_part uuid;
  p public.parts%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'part.delete');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  v_part := public.ops_admin_uuid(coalesce(args, '{}'::jsonb), 'partId', 'Part not found');

  update public.parts set deleted_at = now()
   where id = v_part and deleted_at is null
  returning * into p;
  if not found then
    perform public.app_error('not_found', 'Part not found');
  end if;

  return public.mutation_finish(mutation_id, jsonb_build_object('parts', jsonb_build_array(to_jsonb(p))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Training resources.
-- ---------------------------------------------------------------------------------------------
create or replace function public.training_add(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_id uuid;
  f jsonb;
  t public.training_resources%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'training.add');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  args := coalesce(args, '{}'::jsonb);
  v_id := public.ops_admin_uuid(args, 'id', 'A training resource id is required');
  f := public.ops_admin_training_fields(args);
  if exists (select 1 from public.training_resources x where x.id = v_id) then
    perform public.app_error('conflict', 'A training resource with this id already exists');
  end if;

  insert into public.training_resources (id, title, type, url, content)
  values (v_id, f ->> 'title', f ->> 'type', f ->> 'url', f ->> 'content')
  returning * into t;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('training_resources', jsonb_build_array(to_jsonb(t))));
end
$$;

create or replace function public.training_update(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_training uuid;
  f jsonb;
  t public.training_resources%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'training.update');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  args := coalesce(args, '{}'::jsonb);
  v_training := public.ops_admin_uuid(args, 'trainingId', 'Training resource not found');
  f := public.ops_admin_training_fields(args);

  update public.training_resources
     set title = f ->> 'title',
         type = f ->> 'type',
         url = case when args ? 'url' then f ->> 'url' else url end,
         content = case when args ? 'content' then f ->> 'content' else content end
   where id = v_training and deleted_at is null
  returning * into t;
  if not found then
    perform public.app_error('not_found', 'Training resource not found');
  end if;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('training_resources', jsonb_build_array(to_jsonb(t))));
end
$$;

create or replace function public.training_delete(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_training uuid;
  t public.training_resources%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'training.delete');
  if prior is not null then return prior; end if;
  perform public.require_role('ADMIN');
  v_training := public.ops_admin_uuid(coalesce(args, '{}'::jsonb), 'trainingId',
                                      'Training resource not found');

  update public.training_resources set deleted_at = now()
   where id = v_training and deleted_at is null
  returning * into t;
  if not found then
    perform public.app_error('not_found', 'Training resource not found');
  end if;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('training_resources', jsonb_build_array(to_jsonb(t))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants: signed-in callers and the service role; anon never.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.user_create(uuid, jsonb) from public, anon;
revoke all on function public.user_delete(uuid, jsonb) from public, anon;
revoke all on function public.user_set_role(uuid, jsonb) from public, anon;
revoke all on function public.chair_add(uuid, jsonb) from public, anon;
revoke all on function public.chair_assign_owner(uuid, jsonb) from public, anon;
revoke all on function public.part_add(uuid, jsonb) from public, anon;
revoke all on function public.part_update(uuid, jsonb) from public, anon;
revoke all on function public.part_delete(uuid, jsonb) from public, anon;
revoke all on function public.training_add(uuid, jsonb) from public, anon;
revoke all on function public.training_update(uuid, jsonb) from public, anon;
revoke all on function public.training_delete(uuid, jsonb) from public, anon;
grant execute on function public.user_create(uuid, jsonb) to authenticated, service_role;
grant execute on function public.user_delete(uuid, jsonb) to authenticated, service_role;
grant execute on function public.user_set_role(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_add(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_assign_owner(uuid, jsonb) to authenticated, service_role;
grant execute on function public.part_add(uuid, jsonb) to authenticated, service_role;
grant execute on function public.part_update(uuid, jsonb) to authenticated, service_role;
grant execute on function public.part_delete(uuid, jsonb) to authenticated, service_role;
grant execute on function public.training_add(uuid, jsonb) to authenticated, service_role;
grant execute on function public.training_update(uuid, jsonb) to authenticated, service_role;
grant execute on function public.training_delete(uuid, jsonb) to authenticated, service_role;
