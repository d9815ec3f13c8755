-- Access: sign-up trigger, server-side settings, role/profile guard, and row level security
-- policies for every table. The role always comes from public.users.role (via
-- public.current_user_role()), never from user-editable metadata. anon gets no policy anywhere,
-- so it sees nothing. Direct writes stay narrow; checked state changes go through guarded
-- SECURITY DEFINER functions added by later migrations.

-- ---------------------------------------------------------------------------------------------
-- Server-side settings. signup_customer_only = true forces every self-sign-up to CUSTOMER
-- (default false: SPEC §6 lets anyone choose any role at sign-up).
-- ---------------------------------------------------------------------------------------------
create table public.app_settings (
  key text primary key,
  value jsonb not null
);

insert into public.app_settings (key, value) values ('signup_customer_only', 'false'::jsonb);

alter table public.app_settings enable row level security;
revoke all on public.app_settings from anon, authenticated;
grant select, insert, update, delete on public.app_settings to authenticated;
grant all on public.app_settings to service_role;

-- ---------------------------------------------------------------------------------------------
-- Helpers (SECURITY DEFINER, stable) so policies on users never recurse through users' own RLS.
-- ---------------------------------------------------------------------------------------------
create or replace function public.setting_enabled(setting_key text) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select coalesce((select s.value #>> '{}' from public.app_settings s where s.key = setting_key), '')
         = 'true'
$$;

-- True when target_user_id is the engineer on one of the caller's tickets or service requests.
create or replace function public.is_engineer_on_my_work(target_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (
      select 1 from public.support_tickets t
       where t.customer_user_id = auth.uid() and t.engineer_user_id = target_user_id
    )
    or exists (
      select 1 from public.service_requests r
       where r.customer_user_id = auth.uid() and r.engineer_user_id = target_user_id
    )
$$;

-- True when target_user_id owns at least one chair (equipment search shows owners).
create or replace function public.is_chair_owner(target_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (select 1 from public.chairs c where c.owner_user_id = target_user_id)
$$;

revoke all on function public.setting_enabled(text) from public;
revoke all on function public.is_engineer_on_my_work(uuid) from public;
revoke all on function public.is_chair_owner(uuid) from public;
grant execute on function public.setting_enabled(text) to authenticated, service_role;
grant execute on function public.is_engineer_on_my_work(uuid) to authenticated, service_role;
grant execute on function public.is_chair_owner(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Sign-up trigger: auth.users insert -> public.users row.
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

  insert into public.users (id, email, name, role)
  values (new.id, new.email, nullif(chosen_name, ''), chosen_role)
  on conflict (id) do nothing;
  return new;
end
$$;

revoke all on function public.handle_new_auth_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_auth_user();

-- ---------------------------------------------------------------------------------------------
-- Profile guard: only an administrator changes a role; engineers' certifications, availability
-- and metrics are managed by a supervisor. Applies to API callers (anon / authenticated);
-- SECURITY DEFINER guarded operations and the service role do their own checks.
-- ---------------------------------------------------------------------------------------------
create or replace function public.guard_user_update() returns trigger
language plpgsql
set search_path = public
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if coalesce(public.current_user_role(), '') = 'ADMIN' then
    return new;
  end if;
  if new.role is distinct from old.role then
    raise exception 'Only an administrator can change a role' using errcode = '42501';
  end if;
  if (new.engineer -> 'certifications') is distinct from (old.engineer -> 'certifications')
     or (new.engineer -> 'availability') is distinct from (old.engineer -> 'availability')
     or (new.engineer -> 'performanceMetrics') is distinct from (old.engineer -> 'performanceMetrics')
  then
    raise exception 'Certifications, availability and metrics are managed by your supervisor'
      using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger users_guard_update before update on public.users
  for each row execute function public.guard_user_update();

-- ---------------------------------------------------------------------------------------------
-- Admin: reads and writes everything.
-- ---------------------------------------------------------------------------------------------
create policy users_admin_all on public.users for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');
create policy chairs_admin_all on public.chairs for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');
create policy parts_admin_all on public.parts for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');
create policy support_tickets_admin_all on public.support_tickets for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');
create policy training_resources_admin_all on public.training_resources for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');
create policy part_requests_admin_all on public.part_requests for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');
create policy service_requests_admin_all on public.service_requests for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');
create policy installations_admin_all on public.installations for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');
create policy app_settings_admin_all on public.app_settings for all to authenticated
  using (public.current_user_role() = 'ADMIN') with check (public.current_user_role() = 'ADMIN');

-- ---------------------------------------------------------------------------------------------
-- users
-- ---------------------------------------------------------------------------------------------
create policy users_select_own on public.users for select to authenticated
  using (id = auth.uid());

create policy users_select_customer_engineer on public.users for select to authenticated
  using (
    public.current_user_role() = 'CUSTOMER' and role = 'ENGINEER' and public.is_engineer_on_my_work(id)
  );

create policy users_select_engineer_chair_owners on public.users for select to authenticated
  using (public.current_user_role() = 'ENGINEER' and role = 'CUSTOMER' and public.is_chair_owner(id));

create policy users_select_vendor on public.users for select to authenticated
  using (public.current_user_role() = 'VENDOR' and role in ('ENGINEER', 'CUSTOMER'));

-- Own profile edits; the guard trigger blocks role and supervisor-managed engineer fields.
create policy users_update_own on public.users for update to authenticated
  using (id = auth.uid() and public.current_user_role() is not null)
  with check (id = auth.uid());

-- ---------------------------------------------------------------------------------------------
-- chairs
-- ---------------------------------------------------------------------------------------------
create policy chairs_select_customer on public.chairs for select to authenticated
  using (public.current_user_role() = 'CUSTOMER' and owner_user_id = auth.uid());

create policy chairs_select_staff on public.chairs for select to authenticated
  using (public.current_user_role() in ('ENGINEER', 'VENDOR'));

-- ---------------------------------------------------------------------------------------------
-- parts and training: every signed-in user with a profile reads all rows, soft-deleted included
-- (so sync can remove them locally).
-- ---------------------------------------------------------------------------------------------
create policy parts_select_all on public.parts for select to authenticated
  using (public.current_user_role() is not null);

create policy training_resources_select_all on public.training_resources for select to authenticated
  using (public.current_user_role() is not null);

-- ---------------------------------------------------------------------------------------------
-- support_tickets
-- ---------------------------------------------------------------------------------------------
create policy support_tickets_select_customer on public.support_tickets for select to authenticated
  using (public.current_user_role() = 'CUSTOMER' and customer_user_id = auth.uid());

create policy support_tickets_select_engineer on public.support_tickets for select to authenticated
  using (
    public.current_user_role() = 'ENGINEER'
    and (engineer_user_id = auth.uid() or engineer_user_id is null)
  );

create policy support_tickets_select_vendor on public.support_tickets for select to authenticated
  using (public.current_user_role() = 'VENDOR');

create policy support_tickets_insert_customer on public.support_tickets for insert to authenticated
  with check (
    public.current_user_role() = 'CUSTOMER'
    and customer_user_id = auth.uid()
    and engineer_user_id is null
    and status = 'OPEN'
    and resolution is null
    and service_notes is null
    and (chair_id is null
         or exists (select 1 from public.chairs c where c.id = chair_id and c.owner_user_id = auth.uid()))
  );

-- ---------------------------------------------------------------------------------------------
-- service_requests
-- ---------------------------------------------------------------------------------------------
create policy service_requests_select_customer on public.service_requests for select to authenticated
  using (public.current_user_role() = 'CUSTOMER' and customer_user_id = auth.uid());

create policy service_requests_select_engineer on public.service_requests for select to authenticated
  using (
    public.current_user_role() = 'ENGINEER'
    and (engineer_user_id = auth.uid() or engineer_user_id is null)
  );

create policy service_requests_select_vendor on public.service_requests for select to authenticated
  using (public.current_user_role() = 'VENDOR');

create policy service_requests_insert_customer on public.service_requests for insert to authenticated
  with check (
    public.current_user_role() = 'CUSTOMER'
    and customer_user_id = auth.uid()
    and engineer_user_id is null
    and status = 'PENDING'
    and confirmed_at is null
    and (chair_id is null
         or exists (select 1 from public.chairs c where c.id = chair_id and c.owner_user_id = auth.uid()))
  );

-- ---------------------------------------------------------------------------------------------
-- part_requests
-- ---------------------------------------------------------------------------------------------
create policy part_requests_select_customer on public.part_requests for select to authenticated
  using (public.current_user_role() = 'CUSTOMER' and user_id = auth.uid());

create policy part_requests_insert_customer on public.part_requests for insert to authenticated
  with check (
    public.current_user_role() = 'CUSTOMER'
    and user_id = auth.uid()
    and status = 'PENDING'
    and (chair_id is null
         or exists (select 1 from public.chairs c where c.id = chair_id and c.owner_user_id = auth.uid()))
  );

-- ---------------------------------------------------------------------------------------------
-- installations
-- ---------------------------------------------------------------------------------------------
create policy installations_select_engineer on public.installations for select to authenticated
  using (public.current_user_role() = 'ENGINEER' and engineer_user_id = auth.uid());
