-- Access: the caller's role, the helpers policies call, the profile guard, and the row level
-- security policies of every table. The role always comes from public.users.role (via
-- public.current_user_role()), never from user-editable metadata. anon gets no policy anywhere,
-- so it sees nothing. Direct writes stay narrow; checked state changes go through the guarded
-- SECURITY DEFINER operations of the later migrations.
--
-- Row level security at scale: every policy reads the role and the user id as init-plans,
-- `(select public.current_user_role())` and `(select auth.uid())`, evaluated once per statement
-- rather than once per candidate row (Supabase's own advice), so a pull page over 50,000 tickets
-- stays cheap and the planner can use the (updated_at, id) and assignee indexes.
-- tests/integration/policies.test.ts checks that none is left unwrapped.
--
-- Least privilege (issue 3, found by tests/integration/access-matrix.test.ts): a soft-deleted
-- user's session reads nothing, not even its own row; a vendor reads only the chairs on tickets
-- or service requests (the vendor screens search those by serial number), not the inventory, and
-- neither the parts catalog nor training; customers read engineers and vendors read customers as
-- cards, not rows (migration 000011).

-- ---------------------------------------------------------------------------------------------
-- Role of the calling user, read from public.users (never from user-editable metadata).
-- SECURITY DEFINER so policies can call it without recursing through users' own RLS.
-- PL/pgSQL, not SQL: a SECURITY DEFINER function with SET is never inlined, and a SQL function's
-- query is parsed and planned again on every call, while PL/pgSQL keeps its plan for the session.
-- Every guarded operation asks for the role two or three times (issue 19: a third of the SQL time
-- of a batched replay went here on PostgreSQL 15).
-- ---------------------------------------------------------------------------------------------
create or replace function public.current_user_role() returns text
language plpgsql
stable
security definer
set search_path = public
as $$
begin
  return (select u.role from public.users u where u.id = auth.uid() and u.deleted_at is null);
end
$$;

revoke all on function public.current_user_role() from public;
grant execute on function public.current_user_role() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Helpers (SECURITY DEFINER, stable) so policies on users never recurse through users' own RLS.
-- ---------------------------------------------------------------------------------------------
create or replace function private.setting_enabled(setting_key text) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select coalesce((select s.value #>> '{}' from public.app_settings s where s.key = setting_key), '')
         = 'true'
$$;

-- True when target_user_id is the engineer on one of the caller's tickets or service requests.
create or replace function private.is_engineer_on_my_work(target_user_id uuid) returns boolean
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
create or replace function private.is_chair_owner(target_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (select 1 from public.chairs c where c.owner_user_id = target_user_id)
$$;

-- True when a ticket or a service request names the chair (what a vendor may read of chairs).
create or replace function private.is_chair_on_tickets_or_requests(target_chair_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (select 1 from public.support_tickets t where t.chair_id = target_chair_id)
      or exists (select 1 from public.service_requests r where r.chair_id = target_chair_id)
$$;

-- True when target_user_id is the customer of a ticket or service request the calling engineer
-- may work on (assigned to them or unassigned). A practice can raise a ticket before its chair is
-- registered, or keep tickets after its chair was reassigned; the engineer on that ticket still
-- needs the customer's name and contact details.
create or replace function private.is_customer_on_my_work(target_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (
      select 1 from public.support_tickets t
       where t.customer_user_id = target_user_id
         and (t.engineer_user_id = auth.uid() or t.engineer_user_id is null)
    )
    or exists (
      select 1 from public.service_requests r
       where r.customer_user_id = target_user_id
         and (r.engineer_user_id = auth.uid() or r.engineer_user_id is null)
    )
$$;

-- Service photos (issue 20) are objects named '<work>/<id>/<photo>' in the service-photos bucket,
-- where <work> is 'tickets' or 'installations' and <id> that row's id. The id of the work, or null
-- when the name is not of that shape.
create or replace function private.service_photo_work_id(object_name text, work text) returns uuid
language sql
immutable
as $$
  select case
    when object_name ~ ('^' || work || '/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9._-]+$')
      then split_part(object_name, '/', 2)::uuid
  end
$$;

-- Who reads a service photo: the engineer and the customer of the ticket (the customer of an
-- installation is the owner of its chair), admins and vendors.
create or replace function private.can_read_service_photo(object_name text) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select public.current_user_role() in ('ADMIN', 'VENDOR')
    or exists (
      select 1 from public.support_tickets t
       where t.id = private.service_photo_work_id(object_name, 'tickets')
         and auth.uid() in (t.engineer_user_id, t.customer_user_id)
    )
    or exists (
      select 1 from public.installations i
        left join public.chairs c on c.id = i.chair_id
       where i.id = private.service_photo_work_id(object_name, 'installations')
         and auth.uid() in (i.engineer_user_id, c.owner_user_id)
    )
$$;

-- Who adds a service photo: only the engineer of the work (the ticket's assigned engineer, the
-- installing engineer).
create or replace function private.can_write_service_photo(object_name text) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select public.current_user_role() = 'ENGINEER' and (
    exists (
      select 1 from public.support_tickets t
       where t.id = private.service_photo_work_id(object_name, 'tickets')
         and t.engineer_user_id = auth.uid()
    )
    or exists (
      select 1 from public.installations i
       where i.id = private.service_photo_work_id(object_name, 'installations')
         and i.engineer_user_id = auth.uid()
    )
  )
$$;

revoke all on function private.service_photo_work_id(text, text) from public, anon;
revoke all on function private.can_read_service_photo(text) from public, anon;
revoke all on function private.can_write_service_photo(text) from public, anon;
grant execute on function private.service_photo_work_id(text, text) to authenticated, service_role;
grant execute on function private.can_read_service_photo(text) to authenticated, service_role;
grant execute on function private.can_write_service_photo(text) to authenticated, service_role;
revoke all on function private.setting_enabled(text) from public;
revoke all on function private.is_engineer_on_my_work(uuid) from public;
revoke all on function private.is_chair_owner(uuid) from public;
revoke all on function private.is_chair_on_tickets_or_requests(uuid) from public, anon;
revoke all on function private.is_customer_on_my_work(uuid) from public, anon;
grant execute on function private.setting_enabled(text) to authenticated, service_role;
grant execute on function private.is_engineer_on_my_work(uuid) to authenticated, service_role;
grant execute on function private.is_chair_owner(uuid) to authenticated, service_role;
grant execute on function private.is_chair_on_tickets_or_requests(uuid) to authenticated, service_role;
grant execute on function private.is_customer_on_my_work(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Profile guard: only an administrator changes a role; engineers' certifications, availability
-- and metrics are managed by a supervisor. Applies to API callers (anon / authenticated);
-- SECURITY DEFINER guarded operations and the service role do their own checks.
-- ---------------------------------------------------------------------------------------------
create or replace function private.guard_user_update() returns trigger
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
  for each row execute function private.guard_user_update();

-- ---------------------------------------------------------------------------------------------
-- Admin: reads and writes everything.
-- ---------------------------------------------------------------------------------------------
create policy users_admin_all on public.users for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');
create policy chairs_admin_all on public.chairs for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');
create policy parts_admin_all on public.parts for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');
create policy support_tickets_admin_all on public.support_tickets for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');
create policy training_resources_admin_all on public.training_resources for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');
create policy part_requests_admin_all on public.part_requests for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');
create policy service_requests_admin_all on public.service_requests for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');
create policy installations_admin_all on public.installations for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');
create policy app_settings_admin_all on public.app_settings for all to authenticated
  using ((select public.current_user_role()) = 'ADMIN')
  with check ((select public.current_user_role()) = 'ADMIN');

-- ---------------------------------------------------------------------------------------------
-- users. Customers read the engineers on their work, and vendors read customers, as cards (names
-- and contact details only, migration 000011), not as rows: row level security cannot hide
-- columns.
-- ---------------------------------------------------------------------------------------------
create policy users_select_own on public.users for select to authenticated
  using (id = (select auth.uid()) and (select public.current_user_role()) is not null);

-- An engineer reads the customers who own a chair and the customers of every ticket and service
-- request the engineer may work on.
create policy users_select_engineer_customers on public.users for select to authenticated
  using (
    (select public.current_user_role()) = 'ENGINEER'
    and role = 'CUSTOMER'
    and (private.is_chair_owner(id) or private.is_customer_on_my_work(id))
  );

-- A vendor operations manager oversees the engineers in full.
create policy users_select_vendor on public.users for select to authenticated
  using ((select public.current_user_role()) = 'VENDOR' and role = 'ENGINEER');

-- Own profile edits; the guard trigger blocks role and supervisor-managed engineer fields.
create policy users_update_own on public.users for update to authenticated
  using (id = (select auth.uid()) and (select public.current_user_role()) is not null)
  with check (id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- chairs
-- ---------------------------------------------------------------------------------------------
create policy chairs_select_customer on public.chairs for select to authenticated
  using ((select public.current_user_role()) = 'CUSTOMER' and owner_user_id = (select auth.uid()));

create policy chairs_select_engineer on public.chairs for select to authenticated
  using ((select public.current_user_role()) = 'ENGINEER');

create policy chairs_select_vendor on public.chairs for select to authenticated
  using (
    (select public.current_user_role()) = 'VENDOR' and private.is_chair_on_tickets_or_requests(id)
  );

-- ---------------------------------------------------------------------------------------------
-- parts and training: customers and engineers read all rows, soft-deleted included (so sync can
-- remove them locally).
-- ---------------------------------------------------------------------------------------------
create policy parts_select_all on public.parts for select to authenticated
  using ((select public.current_user_role()) in ('CUSTOMER', 'ENGINEER'));

create policy training_resources_select_all on public.training_resources for select to authenticated
  using ((select public.current_user_role()) in ('CUSTOMER', 'ENGINEER'));

-- ---------------------------------------------------------------------------------------------
-- support_tickets
-- ---------------------------------------------------------------------------------------------
create policy support_tickets_select_customer on public.support_tickets for select to authenticated
  using (
    (select public.current_user_role()) = 'CUSTOMER' and customer_user_id = (select auth.uid())
  );

create policy support_tickets_select_engineer on public.support_tickets for select to authenticated
  using (
    (select public.current_user_role()) = 'ENGINEER'
    and (engineer_user_id = (select auth.uid()) or engineer_user_id is null)
  );

create policy support_tickets_select_vendor on public.support_tickets for select to authenticated
  using ((select public.current_user_role()) = 'VENDOR');

create policy support_tickets_insert_customer on public.support_tickets for insert to authenticated
  with check (
    (select public.current_user_role()) = 'CUSTOMER'
    and customer_user_id = (select auth.uid())
    and engineer_user_id is null
    and status = 'OPEN'
    and resolution is null
    and service_notes is null
    and (chair_id is null
         or exists (select 1 from public.chairs c
                     where c.id = chair_id and c.owner_user_id = (select auth.uid())))
  );

-- ---------------------------------------------------------------------------------------------
-- service_requests
-- ---------------------------------------------------------------------------------------------
create policy service_requests_select_customer on public.service_requests for select to authenticated
  using (
    (select public.current_user_role()) = 'CUSTOMER' and customer_user_id = (select auth.uid())
  );

create policy service_requests_select_engineer on public.service_requests for select to authenticated
  using (
    (select public.current_user_role()) = 'ENGINEER'
    and (engineer_user_id = (select auth.uid()) or engineer_user_id is null)
  );

create policy service_requests_select_vendor on public.service_requests for select to authenticated
  using ((select public.current_user_role()) = 'VENDOR');

create policy service_requests_insert_customer on public.service_requests for insert to authenticated
  with check (
    (select public.current_user_role()) = 'CUSTOMER'
    and customer_user_id = (select auth.uid())
    and engineer_user_id is null
    and status = 'PENDING'
    and confirmed_at is null
    and (chair_id is null
         or exists (select 1 from public.chairs c
                     where c.id = chair_id and c.owner_user_id = (select auth.uid())))
  );

-- ---------------------------------------------------------------------------------------------
-- part_requests
-- ---------------------------------------------------------------------------------------------
create policy part_requests_select_customer on public.part_requests for select to authenticated
  using ((select public.current_user_role()) = 'CUSTOMER' and user_id = (select auth.uid()));

create policy part_requests_insert_customer on public.part_requests for insert to authenticated
  with check (
    (select public.current_user_role()) = 'CUSTOMER'
    and user_id = (select auth.uid())
    and status = 'PENDING'
    and (chair_id is null
         or exists (select 1 from public.chairs c
                     where c.id = chair_id and c.owner_user_id = (select auth.uid())))
  );

-- ---------------------------------------------------------------------------------------------
-- installations. Vendor operations managers oversee the engineers' work, installations included
-- (the completed checklist and the customer's acceptance): they read every installation. Nobody
-- but the installing engineer (through installation.complete) and admins writes them.
-- ---------------------------------------------------------------------------------------------
create policy installations_select_engineer on public.installations for select to authenticated
  using ((select public.current_user_role()) = 'ENGINEER' and engineer_user_id = (select auth.uid()));

create policy installations_select_vendor on public.installations for select to authenticated
  using ((select public.current_user_role()) = 'VENDOR');

-- The customer reads the installations of their own chairs: the signed acceptance is theirs to
-- keep, and their service report is made from it on their phone (issue 20).
create policy installations_select_customer on public.installations for select to authenticated
  using (
    (select public.current_user_role()) = 'CUSTOMER'
    and exists (select 1 from public.chairs c
                 where c.id = chair_id and c.owner_user_id = (select auth.uid()))
  );

-- ---------------------------------------------------------------------------------------------
-- storage.objects (issue 20): service photos, read and written as private.can_read_service_photo
-- and private.can_write_service_photo decide. Nobody updates or deletes one through the API: a
-- photo of the work is never replaced or lost.
-- ---------------------------------------------------------------------------------------------
create policy service_photos_read on storage.objects for select to authenticated
  using (bucket_id = 'service-photos' and private.can_read_service_photo(name));

create policy service_photos_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'service-photos'
    and owner = (select auth.uid())
    and private.can_write_service_photo(name)
  );

-- ---------------------------------------------------------------------------------------------
-- device_health. Vendor operations managers read every device's report: they oversee the
-- engineers in the field, and a tablet that has not synced for a day, or holds refused changes,
-- is theirs to chase. Nobody else reads it: an engineer or a customer sees their own sync state on
-- their own device, and admins manage users and the catalogue, not the field team's devices.
-- Nobody writes it directly: public.device_health_report (migration 000012) writes the caller's
-- own devices.
-- ---------------------------------------------------------------------------------------------
create policy device_health_select_vendor on public.device_health for select to authenticated
  using ((select public.current_user_role()) = 'VENDOR');

-- ---------------------------------------------------------------------------------------------
-- The departure log and its state (migration 000011): every signed-in user reads them.
-- ---------------------------------------------------------------------------------------------
create policy sync_departures_read on public.sync_departures for select to authenticated
  using (true);
create policy sync_departures_state_read on public.sync_departures_state for select
  to authenticated using (true);
