-- The contract every guarded operation follows (Backend II).
--
-- A guarded operation is `public.<name>(mutation_id uuid, args jsonb) returns jsonb`, SECURITY
-- DEFINER, called as POST /rest/v1/rpc/<name>. It:
--   1. calls public.mutation_begin(mutation_id, '<client name>'): when that id was already applied
--      the first result comes back and the operation returns it unchanged (exactly-once);
--   2. checks the caller's role and the rules, raising public.app_error(class, message) on refusal;
--   3. makes its change and returns public.mutation_finish(mutation_id, result), where result is
--      the changed rows keyed by table name: {"support_tickets": [ {...row...} ]}.
--
-- A refused operation raises, so its transaction (ledger row included) rolls back: a refusal is
-- not "applied", and the client may retry the same id after the cause is fixed.
--
-- Error classes and their SQLSTATEs. PostgREST (hosted and local) answers SQLSTATE PTxyz with HTTP
-- status xyz; the class is also put in the error's `details` so the client can classify without
-- parsing messages:
--   conflict   PT409  the world changed under the client (ticket already taken, serial exists)
--   validation PT400  the input breaks a rule (SPEC §5 messages)
--   forbidden  PT403  the caller's role may not do this
--   not_found  PT404  the target row does not exist (or the caller may not see it)
--   unauthenticated PT401  no signed-in user: the client refreshes its session and retries, it
--                          never treats this as a refusal of the change itself

create or replace function public.app_error(error_class text, message text) returns void
language plpgsql
as $$
begin
  raise exception using
    message = message,
    detail = error_class,
    errcode = case error_class
      when 'conflict' then 'PT409'
      when 'validation' then 'PT400'
      when 'forbidden' then 'PT403'
      when 'not_found' then 'PT404'
      when 'unauthenticated' then 'PT401'
      else 'PT500'
    end;
end
$$;

-- Starts a guarded operation. Returns the stored result when mutation_id was already applied for
-- this caller, else NULL after reserving the id. Concurrent duplicates serialise on the primary
-- key: the second waits for the first to commit, then reads its result.
create or replace function public.mutation_begin(mutation_id uuid, mutation_name text) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  caller uuid := auth.uid();
  prior public.applied_mutations%rowtype;
begin
  if caller is null then
    perform public.app_error('unauthenticated', 'Please sign in again');
  end if;
  if public.current_user_role() is null then
    perform public.app_error('forbidden', 'Your account is not active');
  end if;
  if mutation_id is null then
    perform public.app_error('validation', 'A mutation id is required');
  end if;

  insert into public.applied_mutations (id, user_id, name)
  values (mutation_id, caller, mutation_name)
  on conflict (id) do nothing;
  if found then
    return null;
  end if;

  select * into prior from public.applied_mutations m where m.id = mutation_id;
  if prior.user_id is distinct from caller then
    -- Another user's id: never reveal or replay their result.
    perform public.app_error('conflict', 'This change was already submitted by another user');
  end if;
  return coalesce(prior.result, '{}'::jsonb);
end
$$;

create or replace function public.mutation_finish(mutation_id uuid, result jsonb) returns jsonb
language sql
security definer
set search_path = public
as $$
  update public.applied_mutations set result = mutation_finish.result
   where id = mutation_finish.mutation_id
  returning result
$$;

-- The caller's role when it is one of allowed, else a forbidden error.
create or replace function public.require_role(variadic allowed text[]) returns text
language plpgsql
stable
security definer
set search_path = public
as $$
declare
  r text := public.current_user_role();
begin
  if r is null or not (r = any (allowed)) then
    perform public.app_error('forbidden', 'You do not have permission to do this');
  end if;
  return r;
end
$$;

-- Display name of a user for conflict messages ('Unknown Engineer' when missing).
create or replace function public.user_display_name(user_id uuid) returns text
language sql
stable
security definer
set search_path = public
as $$
  select coalesce((select nullif(trim(u.name), '') from public.users u where u.id = user_id),
                  'Unknown Engineer')
$$;

-- Helpers are internal: operations call them as their owner; API roles never call them directly.
revoke all on function public.app_error(text, text) from public;
revoke all on function public.mutation_begin(uuid, text) from public;
revoke all on function public.mutation_finish(uuid, jsonb) from public;
revoke all on function public.require_role(text[]) from public;
revoke all on function public.user_display_name(uuid) from public;
-- Hosted Supabase grants EXECUTE on new public functions to anon and authenticated by default.
revoke all on function public.app_error(text, text) from anon, authenticated;
revoke all on function public.mutation_begin(uuid, text) from anon, authenticated;
revoke all on function public.mutation_finish(uuid, jsonb) from anon, authenticated;
revoke all on function public.require_role(text[]) from anon, authenticated;
revoke all on function public.user_display_name(uuid) from anon, authenticated;
grant execute on function public.app_error(text, text) to service_role;
grant execute on function public.mutation_begin(uuid, text) to service_role;
grant execute on function public.mutation_finish(uuid, jsonb) to service_role;
grant execute on function public.require_role(text[]) to service_role;
grant execute on function public.user_display_name(uuid) to service_role;

-- Whether a mutation id was applied (for the client's own diagnostics and the tests): only the
-- caller's own ids are visible.
create or replace function public.mutation_applied(mutation_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (
    select 1 from public.applied_mutations m
     where m.id = mutation_applied.mutation_id and m.user_id = auth.uid() and m.result is not null
  )
$$;
revoke all on function public.mutation_applied(uuid) from public, anon;
grant execute on function public.mutation_applied(uuid) to authenticated, service_role;
