-- Users and their own profile: the sign-up trigger that gives every auth account its
-- public.users row (and lets it claim an admin-created directory entry), and the guarded
-- operation profile.update (Backend II), which follows the contract in
-- 20261123000003_mutation_ledger.sql. The admin's user operations are in 20261123000009_admin.sql.

-- ---------------------------------------------------------------------------------------------
-- Sign-up trigger: auth.users insert -> public.users row, with the role asked for at sign-up
-- (CUSTOMER when none or an unknown one; always CUSTOMER when signup_customer_only is on).
-- Claiming: when a non-deleted users row with the new account's e-mail exists under another id
-- that no auth account has (an admin-created directory user, user.create), that row takes the new
-- auth id (references follow: ON UPDATE CASCADE) and keeps its admin-given role and details (the
-- admin's role wins over sign-up metadata and signup_customer_only).
-- ---------------------------------------------------------------------------------------------
create or replace function private.handle_new_auth_user() returns trigger
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
  if private.setting_enabled('signup_customer_only') then
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

revoke all on function private.handle_new_auth_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_auth_user();

-- ---------------------------------------------------------------------------------------------
-- profile.update (any signed-in role, own row): contact details; a customer's practice; an
-- engineer's location, coverage and skills (certifications, availability and metrics stay).
-- ---------------------------------------------------------------------------------------------
create or replace function public.profile_update(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  v_role text;
  v_name text;
  v_email text;
  v_set_phone boolean := false;
  v_phone text;
  v_set_address boolean := false;
  v_address text;
  v_set_picture boolean := false;
  v_picture text;
  v_set_practice boolean := false;
  v_practice_arg jsonb;
  v_practice jsonb;
  v_practice_name text;
  v_practice_type text;
  v_practice_address text;
  v_practice_phone text;
  v_engineer_arg jsonb;
  v_engineer_patch jsonb;
  v_unknown text;
  u public.users%rowtype;
begin
  prior := private.op_begin(mutation_id, 'profile.update', args, 'CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR');
  if prior is not null then return prior; end if;
  v_role := public.current_user_role();

  if args ? 'role' then
    perform public.app_error('forbidden', 'Only an administrator can change a role');
  end if;
  v_engineer_arg := args -> 'engineer';
  if jsonb_typeof(v_engineer_arg) = 'object'
     and v_engineer_arg ?| array['certifications', 'availability', 'performanceMetrics']
  then
    perform public.app_error('forbidden',
      'Certifications, availability and metrics are managed by your supervisor');
  end if;

  v_name := trim(public.ops_arg_text(args, 'name', 'Name is required'));
  if coalesce(v_name, '') = '' then
    perform public.app_error('validation', 'Name is required');
  end if;
  -- The e-mail rule of zod's z.email().
  v_email := public.ops_arg_text(args, 'email', 'Valid email is required');
  if v_email is null
     or v_email !~ '^[A-Za-z0-9_''+.-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*[.])+[A-Za-z]{2,}$'
     or left(v_email, 1) = '.'
     or position('..' in v_email) > 0
  then
    perform public.app_error('validation', 'Valid email is required');
  end if;

  if args ? 'phone' then
    v_set_phone := true;
    v_phone := nullif(trim(public.ops_arg_text(args, 'phone', 'Phone must be text')), '');
  end if;
  if args ? 'address' then
    v_set_address := true;
    v_address := nullif(trim(public.ops_arg_text(args, 'address', 'Address must be text')), '');
  end if;
  if args ? 'profilePictureUrl' then
    v_set_picture := true;
    v_picture := nullif(trim(public.ops_arg_text(args, 'profilePictureUrl', 'Profile picture URL must be text')), '');
    if v_picture is not null and v_picture !~* '^https?://[^\s/?#]+[^\s]*$' then
      perform public.app_error('validation', 'Please enter a valid URL');
    end if;
  end if;

  -- Practice: customers only; saved only when a name, address or phone is filled (type DENTAL by
  -- default); an empty practice or null clears it.
  v_practice_arg := args -> 'practice';
  if jsonb_typeof(v_practice_arg) = 'null' then
    if v_role = 'CUSTOMER' then
      v_set_practice := true;
      v_practice := null;
    end if;
  elsif v_practice_arg is not null then
    if v_role <> 'CUSTOMER' then
      perform public.app_error('validation', 'Only a customer profile has practice details');
    end if;
    if jsonb_typeof(v_practice_arg) <> 'object' then
      perform public.app_error('validation', 'Practice details must be an object');
    end if;
    v_practice_name := nullif(trim(public.ops_arg_text(v_practice_arg, 'name', 'Practice name must be text')), '');
    v_practice_type := nullif(trim(public.ops_arg_text(v_practice_arg, 'type', 'Practice type must be text')), '');
    v_practice_address :=
      nullif(trim(public.ops_arg_text(v_practice_arg, 'address', 'Practice address must be text')), '');
    v_practice_phone := nullif(trim(public.ops_arg_text(v_practice_arg, 'phone', 'Practice phone must be text')), '');
    if v_practice_type is not null
       and v_practice_type not in ('DENTAL', 'MEDICAL', 'VETERINARY', 'CLINIC')
    then
      perform public.app_error('validation',
        'Practice type must be DENTAL, MEDICAL, VETERINARY or CLINIC');
    end if;
    v_set_practice := true;
    if coalesce(v_practice_name, v_practice_address, v_practice_phone) is not null then
      v_practice := jsonb_build_object(
        'name', v_practice_name,
        'type', coalesce(v_practice_type, 'DENTAL'),
        'address', v_practice_address,
        'phone', v_practice_phone
      );
    else
      v_practice := null;
    end if;
  end if;

  -- Engineer details: engineers only, merged into the stored object.
  if v_engineer_arg is not null and jsonb_typeof(v_engineer_arg) <> 'null' then
    if v_role <> 'ENGINEER' then
      perform public.app_error('validation', 'Only an engineer profile has engineer details');
    end if;
    if jsonb_typeof(v_engineer_arg) <> 'object' then
      perform public.app_error('validation', 'Engineer details must be an object');
    end if;
    select k into v_unknown
      from jsonb_object_keys(v_engineer_arg) k
     where k not in ('location', 'emergencyPhone', 'coverageAreas', 'specializations', 'skillSets')
     limit 1;
    if v_unknown is not null then
      perform public.app_error('validation', format('Unknown engineer field: %s', v_unknown));
    end if;
    if coalesce(trim(public.ops_arg_text(v_engineer_arg, 'location', 'Location is required')), '') = '' then
      perform public.app_error('validation', 'Location is required');
    end if;
    v_engineer_patch := jsonb_build_object(
      'location', trim(v_engineer_arg ->> 'location'),
      'coverageAreas', public.ops_arg_required_text_list(v_engineer_arg, 'coverageAreas', 'Coverage areas are required'),
      'specializations', public.ops_arg_required_text_list(v_engineer_arg, 'specializations', 'Specializations are required'),
      'skillSets', public.ops_arg_required_text_list(v_engineer_arg, 'skillSets', 'Skill sets are required')
    );
    if v_engineer_arg ? 'emergencyPhone' then
      v_engineer_patch := v_engineer_patch || jsonb_build_object('emergencyPhone',
        nullif(trim(public.ops_arg_text(v_engineer_arg, 'emergencyPhone', 'Emergency phone must be text')), ''));
    end if;
  end if;

  if exists (
    select 1 from public.users x where lower(x.email) = lower(v_email) and x.id <> me
  ) then
    perform public.app_error('conflict', 'This email address is already in use');
  end if;

  begin
    update public.users x
       set name = v_name,
           email = v_email,
           phone = case when v_set_phone then v_phone else x.phone end,
           address = case when v_set_address then v_address else x.address end,
           profile_picture_url = case when v_set_picture then v_picture else x.profile_picture_url end,
           practice = case when v_set_practice then v_practice else x.practice end,
           engineer = case
             when v_engineer_patch is null then x.engineer
             else coalesce(case when jsonb_typeof(x.engineer) = 'object' then x.engineer end, '{}'::jsonb)
                    || v_engineer_patch
           end
     where x.id = me and x.deleted_at is null
    returning x.* into u;
  exception
    when unique_violation then
      perform public.app_error('conflict', 'This email address is already in use');
  end;
  if u.id is null then
    perform public.app_error('forbidden', 'Your account is not active');
  end if;

  return private.op_finish(mutation_id, 'users', to_jsonb(u));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Privileges: for signed-in users (and the service role); anon never.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.profile_update(uuid, jsonb) from public, anon;
grant execute on function public.profile_update(uuid, jsonb) to authenticated, service_role;
