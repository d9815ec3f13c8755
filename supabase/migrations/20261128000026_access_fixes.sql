-- Two holes the pgTAP suite found (issue 42, supabase/tests), both reachable through the API:
--
-- 1. private.can_read_service_photo asked for an active role only on the admin and vendor path: a
--    soft-deleted customer, whose token still verifies until it expires, read the photos of their
--    tickets and installations. Every path now needs an active user.
-- 2. The own-profile policy (users_update_own) let a user change their own row's deleted_at,
--    e-mail and created_at with a direct update: deactivating their own account, or an e-mail that
--    no longer matched their sign-in. The guard trigger now refuses those columns to everyone but
--    an admin; the guarded operations (profile_update, user.*) run as their owner and are not
--    affected.

create or replace function private.can_read_service_photo(object_name text) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  -- Only an active user: a soft-deleted one's token still verifies until it expires.
  select public.current_user_role() is not null and (
    public.current_user_role() in ('ADMIN', 'VENDOR')
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
  )
$$;

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
  -- Deactivating an account is the admin's user.delete; the e-mail is the sign-in's (auth.users),
  -- and when an account was made is history.
  if new.deleted_at is distinct from old.deleted_at
     or new.email is distinct from old.email
     or new.created_at is distinct from old.created_at
  then
    raise exception 'Only an administrator can deactivate an account or change its e-mail'
      using errcode = '42501';
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
