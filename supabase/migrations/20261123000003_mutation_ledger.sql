-- The contract every guarded operation follows (Backend II).
--
-- A guarded operation is `public.<name>(mutation_id uuid, args jsonb) returns jsonb`, SECURITY
-- DEFINER, called as POST /rest/v1/rpc/<name> (or inside public.ops_batch). It:
--   1. opens with private.op_begin(mutation_id, '<client name>', args, <roles allowed>...), the
--      one preamble: the ledger (when that id was already applied the first result comes back and
--      the operation returns it unchanged: exactly-once), the caller's role, args an object;
--   2. reads its args with the ops_arg_* helpers below and checks the rules, raising
--      public.app_error(class, message) on refusal;
--   3. makes its change and returns private.op_finish(mutation_id, '<table>', to_jsonb(row)) (or
--      public.mutation_finish(mutation_id, result) for several tables), which records the result:
--      the changed rows keyed by table name, {"support_tickets": [ {...row...} ]}.
--
--      prior := private.op_begin(mutation_id, 'ticket.take', args, 'ENGINEER');
--      if prior is not null then return prior; end if;
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

-- The calling user's id when they are signed in and their account is active (not deleted), else
-- the refusal every guarded operation gives: unauthenticated (PT401) or forbidden (PT403).
create or replace function private.require_active_user() returns uuid
language plpgsql
stable
security definer
set search_path = public
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    perform public.app_error('unauthenticated', 'Please sign in again');
  end if;
  if public.current_user_role() is null then
    perform public.app_error('forbidden', 'Your account is not active');
  end if;
  return caller;
end
$$;

revoke all on function private.require_active_user() from public, anon, authenticated;

-- Starts a guarded operation. Returns the stored result when mutation_id was already applied for
-- this caller, else NULL after reserving the id. Concurrent duplicates serialise on the primary
-- key: the second waits for the first to commit, then reads its result.
create or replace function public.mutation_begin(mutation_id uuid, mutation_name text) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  caller uuid := private.require_active_user();
  prior public.applied_mutations%rowtype;
begin
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

-- Records the result of the mutation_begin reservation. PL/pgSQL (its plan kept for the session),
-- like op_finish: every guarded operation ends here, and a SQL function is planned on every call.
create or replace function public.mutation_finish(mutation_id uuid, result jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
begin
  update public.applied_mutations m set result = mutation_finish.result
   where m.id = mutation_finish.mutation_id;
  if not found then
    return null;
  end if;
  return mutation_finish.result;
end
$$;

-- The preamble every guarded operation opens with: the stored result when mutation_id was already
-- applied for this caller (the operation returns it), else NULL once the caller's role is one of
-- `roles` and args is a JSON object (else forbidden / 'The request is malformed').
create or replace function private.op_begin(
  mutation_id uuid, mutation_name text, args jsonb, variadic roles text[]
) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb := public.mutation_begin(mutation_id, mutation_name);
begin
  if prior is not null then
    return prior;
  end if;
  perform public.require_role(variadic roles);
  perform public.ops_arg_object(args);
  return null;
end
$$;

-- Records and returns a guarded operation's result when it changed one row of one table.
create or replace function private.op_finish(mutation_id uuid, table_name text, row_json jsonb)
returns jsonb
language plpgsql
security definer
set search_path = public
as $$
begin
  return public.mutation_finish(mutation_id, jsonb_build_object(table_name, jsonb_build_array(row_json)));
end
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
revoke all on function private.op_begin(uuid, text, jsonb, text[]) from public, anon, authenticated;
revoke all on function private.op_finish(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function private.op_begin(uuid, text, jsonb, text[]) to service_role;
grant execute on function private.op_finish(uuid, text, jsonb) to service_role;
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

-- ---------------------------------------------------------------------------------------------
-- Argument parsing: the one helper family every guarded operation reads its args with.
-- ---------------------------------------------------------------------------------------------
-- Args are the camelCase shapes of src/domain/mutations.ts. Every ops_arg_* helper reads
-- args -> key and treats it one way:
--   * missing (the key absent or JSON null, and for every kind but free text also a blank string,
--     what an empty form field sends): returns NULL. Whether the argument is required is the
--     operation's rule (`if v is null then perform public.app_error('validation', ...)`), or the
--     ops_arg_required_* variant raises the same message for missing and malformed;
--   * there but malformed (wrong JSON type, not a UUID, not a date, not one of the allowed
--     values...): raises the caller's message as a validation error (PT400, HTTP 400), never a
--     500. An id that refers to a row may name not_found instead, so that a malformed id is
--     answered like an unknown one (ticket.addPart's partId: 'Part not found');
--   * otherwise returns the parsed value. Free text comes back as sent (not trimmed, a blank
--     string included); the operation trims the fields SPEC trims.
-- Operations first check that args is a JSON object (ops_arg_object).

-- args itself: a JSON object, else 'The request is malformed'.
create or replace function public.ops_arg_object(args jsonb) returns jsonb
language plpgsql
immutable
as $$
begin
  if args is null or jsonb_typeof(args) <> 'object' then
    perform public.app_error('validation', 'The request is malformed');
  end if;
  return args;
end
$$;

-- True when args -> key is missing: absent, JSON null or a blank string.
create or replace function public.ops_arg_blank(args jsonb, key text) returns boolean
language sql
immutable
as $$
  select args -> key is null
      or jsonb_typeof(args -> key) = 'null'
      or (jsonb_typeof(args -> key) = 'string' and trim(args ->> key) = '')
$$;

-- Free text as sent; NULL when absent or JSON null (a blank string is text).
create or replace function public.ops_arg_text(args jsonb, key text, message text) returns text
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

-- Required free text (a blank string passes: the caller decides whether its field may be blank).
create or replace function public.ops_arg_required_text(args jsonb, key text, message text)
returns text
language plpgsql
immutable
as $$
declare
  v text := public.ops_arg_text(args, key, message);
begin
  if v is null then
    perform public.app_error('validation', message);
  end if;
  return v;
end
$$;

-- A UUID string. error_class 'not_found' answers a malformed reference like an unknown row.
create or replace function public.ops_arg_uuid(
  args jsonb, key text, message text, error_class text default 'validation'
) returns uuid
language plpgsql
immutable
as $$
begin
  if public.ops_arg_blank(args, key) then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'string'
     or (args ->> key) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  then
    perform public.app_error(error_class, message);
  end if;
  return (args ->> key)::uuid;
end
$$;

-- A required UUID string: missing and malformed both raise message.
create or replace function public.ops_arg_required_uuid(args jsonb, key text, message text)
returns uuid
language plpgsql
immutable
as $$
declare
  v uuid := public.ops_arg_uuid(args, key, message);
begin
  if v is null then
    perform public.app_error('validation', message);
  end if;
  return v;
end
$$;

-- A JSON boolean.
create or replace function public.ops_arg_bool(args jsonb, key text, message text) returns boolean
language plpgsql
immutable
as $$
begin
  if public.ops_arg_blank(args, key) then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'boolean' then
    perform public.app_error('validation', message);
  end if;
  return (args -> key)::boolean;
end
$$;

-- A required JSON boolean: missing and malformed both raise message.
create or replace function public.ops_arg_required_bool(args jsonb, key text, message text)
returns boolean
language plpgsql
immutable
as $$
declare
  v boolean := public.ops_arg_bool(args, key, message);
begin
  if v is null then
    perform public.app_error('validation', message);
  end if;
  return v;
end
$$;

-- A JSON number. Range and whole-number rules are the caller's.
create or replace function public.ops_arg_number(args jsonb, key text, message text) returns numeric
language plpgsql
immutable
as $$
begin
  if public.ops_arg_blank(args, key) then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'number' then
    perform public.app_error('validation', message);
  end if;
  return (args ->> key)::numeric;
end
$$;

-- One of the allowed strings (case-sensitive).
create or replace function public.ops_arg_enum(args jsonb, key text, allowed text[], message text)
returns text
language plpgsql
immutable
as $$
begin
  if public.ops_arg_blank(args, key) then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'string' or not ((args ->> key) = any (allowed)) then
    perform public.app_error('validation', message);
  end if;
  return args ->> key;
end
$$;

-- A calendar date YYYY-MM-DD (an impossible date such as 2026-02-30 is malformed).
create or replace function public.ops_arg_date(args jsonb, key text, message text) returns date
language plpgsql
stable
as $$
declare
  v date;
begin
  if public.ops_arg_blank(args, key) then
    return null;
  end if;
  if jsonb_typeof(args -> key) = 'string' and (args ->> key) ~ '^\d{4}-\d{2}-\d{2}$' then
    begin
      v := (args ->> key)::date;
    exception
      when others then
        v := null;
    end;
  end if;
  if v is null then
    perform public.app_error('validation', message);
  end if;
  return v;
end
$$;

-- A time of day HH:MM (00:00-23:59), as text.
create or replace function public.ops_arg_time(args jsonb, key text, message text) returns text
language plpgsql
immutable
as $$
begin
  if public.ops_arg_blank(args, key) then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'string'
     or (args ->> key) !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
  then
    perform public.app_error('validation', message);
  end if;
  return args ->> key;
end
$$;

-- An ISO 8601 date or date-time as JavaScript's Date parses it for these values: a bare date is
-- midnight UTC, a date-time without an offset is taken as UTC (surrounding spaces are ignored).
-- Anything else is malformed, Postgres specials such as 'now' or 'infinity' included.
create or replace function public.ops_arg_timestamp(args jsonb, key text, message text)
returns timestamptz
language plpgsql
stable
as $$
declare
  v text;
  parsed timestamptz;
begin
  if public.ops_arg_blank(args, key) then
    return null;
  end if;
  if jsonb_typeof(args -> key) = 'string' then
    v := trim(args ->> key);
    begin
      if v ~ '^\d{4}-\d{2}-\d{2}$' then
        parsed := (v || 'T00:00:00Z')::timestamptz;
      elsif v ~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$' then
        if v ~ '(Z|[+-]\d{2}(:?\d{2})?)$' then
          parsed := v::timestamptz;
        else
          parsed := v::timestamp at time zone 'UTC';
        end if;
      end if;
    exception
      when others then
        parsed := null;
    end;
  end if;
  if parsed is null then
    perform public.app_error('validation', message);
  end if;
  return parsed;
end
$$;

-- A list of text (coverage areas, specializations, skill sets): an array of strings, trimmed,
-- blanks dropped (the result may be empty).
create or replace function public.ops_arg_text_list(args jsonb, key text, message text)
returns jsonb
language plpgsql
immutable
as $$
begin
  if public.ops_arg_blank(args, key) then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'array'
     or exists (select 1 from jsonb_array_elements(args -> key) e where jsonb_typeof(e) <> 'string')
  then
    perform public.app_error('validation', message);
  end if;
  return coalesce(
    (select jsonb_agg(to_jsonb(trim(e.v)) order by e.n)
       from jsonb_array_elements_text(args -> key) with ordinality as e(v, n)
      where trim(e.v) <> ''),
    '[]'::jsonb
  );
end
$$;

-- A required list of text: missing, malformed and empty (after dropping blanks) all raise message.
create or replace function public.ops_arg_required_text_list(args jsonb, key text, message text)
returns jsonb
language plpgsql
immutable
as $$
declare
  v jsonb := public.ops_arg_text_list(args, key, message);
begin
  if v is null or jsonb_array_length(v) = 0 then
    perform public.app_error('validation', message);
  end if;
  return v;
end
$$;

-- An active engineer's id (ticket.assign, serviceRequest.assign): a UUID naming a non-deleted
-- ENGINEER, else the validation error 'Engineer not found', missing and malformed alike.
create or replace function public.ops_arg_engineer(args jsonb, key text) returns uuid
language plpgsql
stable
security definer
set search_path = public
as $$
declare
  eid uuid := public.ops_arg_required_uuid(args, key, 'Engineer not found');
begin
  if not exists (
    select 1 from public.users u where u.id = eid and u.role = 'ENGINEER' and u.deleted_at is null
  ) then
    perform public.app_error('validation', 'Engineer not found');
  end if;
  return eid;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Shared formatting for results and messages.
-- ---------------------------------------------------------------------------------------------

-- ISO 8601 UTC text with milliseconds, as JavaScript's toISOString() writes it: the shape of
-- dates stored inside jsonb. STABLE, as to_char is: declared immutable it would never be inlined
-- (a SQL function more immutable than its body), and be planned again on every call.
create or replace function public.ops_iso_time(ts timestamptz) returns text
language sql
stable
as $$
  select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- A readable status for messages: 'IN_PROGRESS' -> 'in progress'.
create or replace function public.ops_status_label(status text) returns text
language sql
immutable
as $$
  select lower(replace(status, '_', ' '))
$$;

-- Helpers are internal: operations call them as their owner; API roles never call them directly.
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and (p.proname like 'ops\_arg\_%' or p.proname in ('ops_iso_time', 'ops_status_label'))
  loop
    execute format('revoke all on function %s from public, anon, authenticated', f);
    execute format('grant execute on function %s to service_role', f);
  end loop;
end
$$;
