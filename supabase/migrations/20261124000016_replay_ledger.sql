-- Batched replay at speed (issue 19): the ledger's work per mutation, cut.
--
-- Measured on public.ops_batch with 200 ticket.updateServiceNotes (PGlite and PostgreSQL 15, no
-- HTTP): recording each result with its own UPDATE of the ledger row was a third of the SQL time of
-- a mutation, and the caller's role was looked up three times per mutation (require_active_user,
-- require_role, the operation). Exactly-once, per-mutation outcomes and order are unchanged:
--
--   * private.op_begin reserves the id and checks the caller in one function, with one role
--     lookup: the same checks in the same order, with the same errors, as mutation_begin then
--     require_role (unauthenticated, account not active, id missing, another user's id, a replay
--     answered with its first result, then the role, then args an object);
--     public.current_user_role reads auth.uid() once;
--   * inside public.ops_batch the results are recorded once per batch, in one statement
--     (private.ledger_record_batch), instead of one UPDATE per mutation: ops_batch marks the
--     transaction (setting chairside.ledger_batch), mutation_finish then only hands the result
--     back, and ops_batch records every result it received before it returns. The reservation is
--     still made first, inside the mutation's own savepoint, so a refused mutation leaves no
--     ledger row, and a concurrent duplicate still waits for the first to commit. The same id twice
--     in one batch: the results so far are recorded before the second runs, so it is answered
--     with the first's result, as one request after another would be.

-- The caller's role (see 20261123000002_policies.sql), with auth.uid() (the JWT claims parsed
-- from a setting) read once into a variable: written inline in the query it is evaluated again
-- for every row the plan visits, should the planner ever choose to scan public.users.
create or replace function public.current_user_role() returns text
language plpgsql
stable
security definer
set search_path = public
as $$
declare
  caller uuid := auth.uid();
begin
  return (select u.role from public.users u where u.id = caller and u.deleted_at is null);
end
$$;

-- The preamble of every guarded operation (see 20261123000003_mutation_ledger.sql).
create or replace function private.op_begin(
  mutation_id uuid, mutation_name text, args jsonb, variadic roles text[]
) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  caller uuid := auth.uid();
  caller_role text;
  prior public.applied_mutations%rowtype;
begin
  if caller is null then
    perform public.app_error('unauthenticated', 'Please sign in again');
  end if;
  caller_role := public.current_user_role();
  if caller_role is null then
    perform public.app_error('forbidden', 'Your account is not active');
  end if;
  if mutation_id is null then
    perform public.app_error('validation', 'A mutation id is required');
  end if;

  insert into public.applied_mutations (id, user_id, name)
  values (op_begin.mutation_id, caller, mutation_name)
  on conflict (id) do nothing;
  if not found then
    select * into prior from public.applied_mutations m where m.id = op_begin.mutation_id;
    if prior.user_id is distinct from caller then
      -- Another user's id: never reveal or replay their result.
      perform public.app_error('conflict', 'This change was already submitted by another user');
    end if;
    return coalesce(prior.result, '{}'::jsonb);
  end if;

  if not (caller_role = any (roles)) then
    perform public.app_error('forbidden', 'You do not have permission to do this');
  end if;
  perform public.ops_arg_object(args);
  return null;
end
$$;

-- Records the result of the reservation; inside public.ops_batch, hands it back for the batch to
-- record with the others (see above).
create or replace function public.mutation_finish(mutation_id uuid, result jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
begin
  if current_setting('chairside.ledger_batch', true) = 'on' then
    return mutation_finish.result;
  end if;
  update public.applied_mutations m set result = mutation_finish.result
   where m.id = mutation_finish.mutation_id;
  if not found then
    return null;
  end if;
  return mutation_finish.result;
end
$$;

-- The results of a batch's mutations, recorded in one statement. Only the caller's own
-- reservations still without a result are written: those this transaction made (a committed
-- reservation always has its result), so a replayed mutation keeps its first result and nothing
-- else can be written through it.
create or replace function private.ledger_record_batch(ids uuid[], results jsonb[]) returns void
language plpgsql
security definer
set search_path = public
as $$
declare
  caller uuid := auth.uid();
begin
  update public.applied_mutations m set result = r.result
    from unnest(ids, results) as r(id, result)
   where m.id = r.id and m.user_id = caller and m.result is null;
end
$$;

revoke all on function private.ledger_record_batch(uuid[], jsonb[]) from public, anon;
grant execute on function private.ledger_record_batch(uuid[], jsonb[]) to authenticated, service_role;

-- public.ops_batch as in 20261123000013_batch.sql, with the results recorded once per batch.
create or replace function public.ops_batch(mutations jsonb) returns jsonb
language plpgsql
security invoker
set search_path = public
as $$
declare
  item jsonb;
  fn text;
  id text;
  key uuid;
  result jsonb;
  outcomes jsonb[] := '{}';
  servable text[] := '{}';
  -- Results not yet recorded, and the ids this batch has applied.
  pending_ids uuid[] := '{}';
  pending_results jsonb[] := '{}';
  applied uuid[] := '{}';
  err_code text;
  err_message text;
  err_detail text;
begin
  if auth.uid() is null then
    raise exception using errcode = 'PT401', message = 'Please sign in again',
      detail = 'unauthenticated';
  end if;
  if mutations is null or jsonb_typeof(mutations) <> 'array' then
    raise exception using errcode = 'PT400', message = 'A batch must be a list of changes',
      detail = 'validation';
  end if;
  if jsonb_array_length(mutations) > 500 then
    raise exception using errcode = 'PT400', message = 'A batch holds at most 500 changes',
      detail = 'validation';
  end if;

  perform set_config('chairside.ledger_batch', 'on', true);
  for item in select e.value from jsonb_array_elements(mutations) with ordinality as e(value, n)
               order by e.n
  loop
    fn := case when jsonb_typeof(item -> 'fn') = 'string' then item ->> 'fn' end;
    -- The catalogue is asked once per operation name and batch (a replay is mostly one name).
    if fn is null or not (fn = any (servable)) then
      if fn is null or not exists (
        select 1 from pg_proc p
         where p.pronamespace = 'public'::regnamespace and p.proname = fn
           and p.prorettype = 'jsonb'::regtype
           and pg_get_function_identity_arguments(p.oid) = 'mutation_id uuid, args jsonb'
           and has_function_privilege(p.oid, 'execute')
      ) then
        -- As POST /rpc/<fn> answers a function it does not serve.
        outcomes := array_append(outcomes, jsonb_build_object('error', jsonb_build_object(
          'code', 'PGRST202',
          'message', 'Could not find the function public.' || coalesce(fn, '') || ' in the schema cache',
          'details', 'not_found')));
        continue;
      end if;
      servable := array_append(servable, fn);
    end if;
    id := item ->> 'mutation_id';
    begin
      key := id::uuid; -- a malformed id is the operation's to refuse, below
    exception
      when others then
        key := null;
    end;
    if key = any (applied) then
      -- An id this batch applied already: its result goes to the ledger before it is asked again.
      perform private.ledger_record_batch(pending_ids, pending_results);
      pending_ids := '{}';
      pending_results := '{}';
    end if;
    begin
      execute format('select public.%I($1::uuid, $2)', fn)
        into result
        using id, item -> 'args';
      outcomes := array_append(outcomes, jsonb_build_object('data', result));
      pending_ids := array_append(pending_ids, key);
      pending_results := array_append(pending_results, result);
      applied := array_append(applied, key);
    exception
      when others then
        get stacked diagnostics
          err_code = returned_sqlstate, err_message = message_text, err_detail = pg_exception_detail;
        if not ((err_code like 'PT4%' and err_code <> 'PT401')
                or err_code in ('23505', '23514', '22P02', '42501')) then
          raise;
        end if;
        outcomes := array_append(outcomes, jsonb_build_object('error', jsonb_build_object(
          'code', err_code, 'message', err_message, 'details', nullif(err_detail, ''))));
    end;
  end loop;
  perform private.ledger_record_batch(pending_ids, pending_results);
  perform set_config('chairside.ledger_batch', '', true);
  return jsonb_build_object('results', to_jsonb(outcomes));
end
$$;

revoke all on function public.ops_batch(jsonb) from public, anon;
grant execute on function public.ops_batch(jsonb) to authenticated, service_role;
