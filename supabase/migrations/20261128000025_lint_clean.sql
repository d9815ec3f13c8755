-- `supabase db lint` clean (issue 42): plpgsql_check, as the Supabase CLI runs it, warned that
-- public.ops_batch (migration 0016) initialised its five arrays from untyped text ('{}'), a cast
-- at run time on every batch. The same function, each array's empty value typed; nothing else
-- changes (tests/integration/batch-exactly-once.test.ts and ops-*.test.ts hold its behaviour).

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
  outcomes jsonb[] := '{}'::jsonb[];
  servable text[] := '{}'::text[];
  -- Results not yet recorded, and the ids this batch has applied.
  pending_ids uuid[] := '{}'::uuid[];
  pending_results jsonb[] := '{}'::jsonb[];
  applied uuid[] := '{}'::uuid[];
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
