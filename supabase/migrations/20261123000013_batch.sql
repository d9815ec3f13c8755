-- Batched replay (issue 19): one request carries many queued mutations.
--
-- public.ops_batch(mutations jsonb) takes a JSON array of {"fn": "<guarded operation>",
-- "mutation_id": "<uuid>", "args": {...}} in outbox order and applies each through its own
-- guarded operation, exactly as POST /rest/v1/rpc/<fn> would one by one:
--   * each mutation still goes through mutation_begin/mutation_finish: it is applied at most once,
--     with its own ledger entry, and a replayed batch (after a lost response) answers the
--     already-applied ones with their recorded result;
--   * each runs in its own savepoint (a PL/pgSQL exception block), so a refusal rolls back that
--     mutation only and the ones after it still run, in order;
--   * the answer is {"results": [...]}, one per mutation in order: {"data": <the operation's
--     result>} or {"error": {"code", "message", "details"}} for a refusal.
--
-- A refusal is what the client files under 'needs attention' whatever the HTTP status: SQLSTATE
-- PT4xx from public.app_error (PT401 excepted: that is the session, not the change) and the codes
-- sync/classify.ts maps by code (23505, 23514, 22P02, 42501). Any other error (a bug, a timeout,
-- a lost session) aborts the whole batch with that error, so nothing of it is applied and the
-- client falls back to sending its first mutation alone, which gets the one-by-one answer.
--
-- SECURITY INVOKER on purpose: the batch runs as its caller, so each operation is called with the
-- caller's own EXECUTE rights and identity, and only functions of the guarded-operation shape
-- (public.<fn>(mutation_id uuid, args jsonb) returns jsonb) that the caller may execute can be
-- named. A batch can do nothing its caller could not do one request at a time. For the same
-- reason it raises its own errors (the ledger helpers are not the caller's to call).
create or replace function public.ops_batch(mutations jsonb) returns jsonb
language plpgsql
security invoker
set search_path = public
as $$
declare
  item jsonb;
  fn text;
  result jsonb;
  outcomes jsonb[] := '{}';
  servable text[] := '{}';
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
    begin
      execute format('select public.%I($1::uuid, $2)', fn)
        into result
        using item ->> 'mutation_id', item -> 'args';
      outcomes := array_append(outcomes, jsonb_build_object('data', result));
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
  return jsonb_build_object('results', to_jsonb(outcomes));
end
$$;

revoke all on function public.ops_batch(jsonb) from public, anon;
grant execute on function public.ops_batch(jsonb) to authenticated, service_role;
