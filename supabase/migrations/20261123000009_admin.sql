-- Admin guarded operations on users and chairs (SPEC §2 Admin routes, §5 Add user / Add chair,
-- §6 ADMIN): user.create (a directory entry the person claims by signing up, see
-- handle_new_auth_user in 20261123000008_users.sql), user.update (issue 16), user.delete,
-- user.setRole, chair.add and
-- chair.assignOwner. The parts catalogue and training are in 20261123000010_catalogue.sql.
--
-- Every operation follows the contract in 20261123000003_mutation_ledger.sql: private.op_begin
-- (ledger, role ADMIN, args an object), args read with the ops_arg_* helpers, change,
-- private.op_finish with the changed row by table name.

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
  prior := private.op_begin(mutation_id, 'user.create', args, 'ADMIN');
  if prior is not null then return prior; end if;

  v_id := public.ops_arg_required_uuid(args, 'id', 'A user id is required');
  v_name := nullif(trim(coalesce(public.ops_arg_text(args, 'name', 'Name is required'), '')), '');
  if v_name is null then
    perform public.app_error('validation', 'Name is required');
  end if;
  v_email := lower(trim(coalesce(
    public.ops_arg_text(args, 'email', 'Please enter a valid email address'), '')));
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    perform public.app_error('validation', 'Please enter a valid email address');
  end if;
  v_role := public.ops_arg_enum(args, 'role', array['CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR'],
    'Role is required');
  if v_role is null then
    perform public.app_error('validation', 'Role is required');
  end if;

  if v_role = 'CUSTOMER' and jsonb_typeof(args -> 'practice') = 'object' then
    v_practice_name := nullif(trim(coalesce(
      public.ops_arg_text(args -> 'practice', 'name', 'Practice name must be text'), '')), '');
    if v_practice_name is not null then
      v_practice_type := coalesce(
        public.ops_arg_enum(args -> 'practice', 'type', array['DENTAL', 'MEDICAL', 'VETERINARY', 'CLINIC'],
          'Practice type must be DENTAL, MEDICAL, VETERINARY or CLINIC'),
        'DENTAL');
      v_practice := jsonb_build_object('name', v_practice_name, 'type', v_practice_type);
    end if;
  end if;

  if v_role = 'ENGINEER' and jsonb_typeof(args -> 'engineer') = 'object' then
    v_location := nullif(trim(coalesce(
      public.ops_arg_text(args -> 'engineer', 'location', 'Location must be text'), '')), '');
    if v_location is not null then
      v_engineer := jsonb_build_object(
        'location', v_location,
        'coverageAreas', coalesce(public.ops_arg_text_list(args -> 'engineer', 'coverageAreas',
                                                           'Coverage areas must be a list'), '[]'::jsonb),
        'specializations', coalesce(public.ops_arg_text_list(args -> 'engineer', 'specializations',
                                                             'Specializations must be a list'), '[]'::jsonb)
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
            nullif(trim(coalesce(public.ops_arg_text(args, 'phone', 'Phone must be text'), '')), ''),
            nullif(trim(coalesce(public.ops_arg_text(args, 'address', 'Address must be text'), '')), ''),
            v_practice, v_engineer)
    returning * into u;
  exception when unique_violation then
    perform public.app_error('conflict', 'A user with this email already exists');
  end;

  return private.op_finish(mutation_id, 'users', to_jsonb(u));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- user.update (issue 16, Edit user): name, e-mail (unique among live users), phone and address
-- of a directory row; role, practice and engineer details untouched (src/domain/users.ts
-- userAfterEdit, same words).
-- ---------------------------------------------------------------------------------------------
create or replace function public.user_update(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_id uuid;
  v_name text;
  v_email text;
  u public.users%rowtype;
begin
  prior := private.op_begin(mutation_id, 'user.update', args, 'ADMIN');
  if prior is not null then return prior; end if;

  v_id := public.ops_arg_required_uuid(args, 'userId', 'A user id is required');
  v_name := nullif(trim(coalesce(public.ops_arg_text(args, 'name', 'Name is required'), '')), '');
  if v_name is null then
    perform public.app_error('validation', 'Name is required');
  end if;
  v_email := lower(trim(coalesce(
    public.ops_arg_text(args, 'email', 'Please enter a valid email address'), '')));
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    perform public.app_error('validation', 'Please enter a valid email address');
  end if;

  select * into u from public.users x where x.id = v_id and x.deleted_at is null for update;
  if not found then
    perform public.app_error('not_found', 'User not found');
  end if;
  if exists (select 1 from public.users x
              where lower(x.email) = v_email and x.deleted_at is null and x.id <> v_id) then
    perform public.app_error('conflict', 'A user with this email already exists');
  end if;

  begin
    update public.users x
       set name = v_name,
           email = v_email,
           phone = case when args ? 'phone'
             then nullif(trim(coalesce(public.ops_arg_text(args, 'phone', 'Phone must be text'), '')), '')
             else x.phone end,
           address = case when args ? 'address'
             then nullif(trim(coalesce(public.ops_arg_text(args, 'address', 'Address must be text'), '')), '')
             else x.address end
     where x.id = v_id
    returning * into u;
  exception when unique_violation then
    perform public.app_error('conflict', 'A user with this email already exists');
  end;

  return private.op_finish(mutation_id, 'users', to_jsonb(u));
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
  prior := private.op_begin(mutation_id, 'user.delete', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_user := public.ops_arg_required_uuid(args, 'userId', 'User not found');
  if v_user = auth.uid() then
    perform public.app_error('validation', 'You cannot delete your own account');
  end if;

  update public.users set deleted_at = now()
   where id = v_user and deleted_at is null
  returning * into u;
  if not found then
    perform public.app_error('not_found', 'User not found');
  end if;

  return private.op_finish(mutation_id, 'users', to_jsonb(u));
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
  prior := private.op_begin(mutation_id, 'user.setRole', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_user := public.ops_arg_required_uuid(args, 'userId', 'User not found');
  v_role := public.ops_arg_enum(args, 'role', array['CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR'],
    'Role is required');
  if v_role is null then
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

  return private.op_finish(mutation_id, 'users', to_jsonb(u));
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
  prior := private.op_begin(mutation_id, 'chair.add', args, 'ADMIN');
  if prior is not null then return prior; end if;

  v_id := public.ops_arg_required_uuid(args, 'id', 'A chair id is required');
  v_serial := nullif(trim(coalesce(
    public.ops_arg_text(args, 'serialNumber', 'Serial number is required'), '')), '');
  if v_serial is null then
    perform public.app_error('validation', 'Serial number is required');
  end if;
  v_model := public.ops_arg_enum(args, 'model', array['S30', 'U500'], 'Model is required');
  if v_model is null then
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

  return private.op_finish(mutation_id, 'chairs', to_jsonb(c));
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
  prior := private.op_begin(mutation_id, 'chair.assignOwner', args, 'ADMIN');
  if prior is not null then return prior; end if;

  v_chair := public.ops_arg_required_uuid(args, 'chairId', 'Chair not found');
  -- JSON null is Unassigned; leaving the key out is not a choice.
  if not args ? 'ownerUserId' then
    perform public.app_error('validation', 'Choose a customer or Unassigned');
  end if;
  if jsonb_typeof(args -> 'ownerUserId') <> 'null' then
    v_owner := public.ops_arg_required_uuid(args, 'ownerUserId', 'Customer not found');
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

  return private.op_finish(mutation_id, 'chairs', to_jsonb(c));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants: signed-in callers and the service role; anon never.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.user_create(uuid, jsonb) from public, anon;
revoke all on function public.user_update(uuid, jsonb) from public, anon;
revoke all on function public.user_delete(uuid, jsonb) from public, anon;
revoke all on function public.user_set_role(uuid, jsonb) from public, anon;
revoke all on function public.chair_add(uuid, jsonb) from public, anon;
revoke all on function public.chair_assign_owner(uuid, jsonb) from public, anon;
grant execute on function public.user_create(uuid, jsonb) to authenticated, service_role;
grant execute on function public.user_update(uuid, jsonb) to authenticated, service_role;
grant execute on function public.user_delete(uuid, jsonb) to authenticated, service_role;
grant execute on function public.user_set_role(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_add(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_assign_owner(uuid, jsonb) to authenticated, service_role;
