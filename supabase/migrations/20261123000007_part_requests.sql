-- Guarded operations on part requests (Backend II): partRequest.create and (issue 16)
-- partRequest.setStatus. Follows the contract in
-- 20261123000003_mutation_ledger.sql: private.op_begin (replay returns the first result, role
-- check, args an object), args read with the ops_arg_* helpers, rule checks, the change, and
-- private.op_finish with the changed row keyed by table name.

-- ---------------------------------------------------------------------------------------------
-- partRequest.create (CUSTOMER): a request for parts, checked against stock (not decremented).
-- ---------------------------------------------------------------------------------------------
create or replace function public.part_request_create(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  v_id uuid;
  v_chair uuid;
  v_notes text;
  v_items jsonb;
  v_item jsonb;
  v_part_id uuid;
  v_qty numeric;
  v_line record;
  v_part public.parts%rowtype;
  v_stored jsonb := '[]'::jsonb;
  r public.part_requests%rowtype;
begin
  prior := private.op_begin(mutation_id, 'partRequest.create', args, 'CUSTOMER');
  if prior is not null then return prior; end if;

  v_id := public.ops_arg_uuid(args, 'id', 'Part request id must be a UUID');
  if v_id is null then
    perform public.app_error('validation', 'Part request id is required');
  end if;
  v_items := args -> 'items';
  if v_items is null or jsonb_typeof(v_items) = 'null' then
    perform public.app_error('validation', 'Cart is empty');
  end if;
  if jsonb_typeof(v_items) <> 'array' then
    perform public.app_error('validation', 'Items must be a list of parts and quantities');
  end if;
  if jsonb_array_length(v_items) = 0 then
    perform public.app_error('validation', 'Cart is empty');
  end if;
  for v_item in select e from jsonb_array_elements(v_items) e loop
    if jsonb_typeof(v_item) <> 'object' then
      perform public.app_error('validation', 'Items must be a list of parts and quantities');
    end if;
    v_part_id := public.ops_arg_uuid(v_item, 'partId', 'Part must be a UUID');
    if v_part_id is null then
      perform public.app_error('validation', 'Please select a part');
    end if;
    v_qty := public.ops_arg_number(v_item, 'qty', 'Quantity must be a whole number of at least 1');
    if v_qty is null or v_qty < 1 or v_qty <> trunc(v_qty) then
      perform public.app_error('validation', 'Quantity must be a whole number of at least 1');
    end if;
  end loop;

  -- The same part twice is one line with the quantities summed, in first-seen order.
  for v_line in
    select (e.value ->> 'partId')::uuid as part_id,
           trunc(sum((e.value ->> 'qty')::numeric)) as qty,
           min(e.ord) as first_seen
      from jsonb_array_elements(v_items) with ordinality as e(value, ord)
     group by (e.value ->> 'partId')::uuid
     order by min(e.ord)
  loop
    select * into v_part from public.parts p where p.id = v_line.part_id and p.deleted_at is null;
    if not found then
      perform public.app_error('not_found', 'Part not found');
    end if;
    if v_line.qty > v_part.stock then
      perform public.app_error('validation',
        format('Only %s of %s in stock', v_part.stock, v_part.name));
    end if;
    v_stored := v_stored || jsonb_build_array(
      jsonb_build_object('partId', v_line.part_id, 'qty', v_line.qty));
  end loop;

  v_chair := public.ops_arg_uuid(args, 'chairId', 'Chair must be a UUID');
  if v_chair is not null
     and not exists (select 1 from public.chairs ch where ch.id = v_chair and ch.owner_user_id = me)
  then
    perform public.app_error('not_found', 'Chair not found');
  end if;
  v_notes := public.ops_arg_text(args, 'notes', 'Notes must be text');

  begin
    insert into public.part_requests (id, user_id, chair_id, items, status, notes)
    values (v_id, me, v_chair, v_stored, 'PENDING', v_notes)
    returning * into r;
  exception
    when unique_violation then
      perform public.app_error('conflict', 'This part request has already been submitted');
  end;

  return private.op_finish(mutation_id, 'part_requests', to_jsonb(r));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- partRequest.setStatus (ADMIN): the lifecycle PENDING -> QUOTED -> ORDERED -> FULFILLED, or
-- CANCELLED at any point before FULFILLED (src/domain/part-request-lifecycle.ts, same messages).
-- The row is locked so two admins moving one request cannot both pass the check.
-- ---------------------------------------------------------------------------------------------
create or replace function public.part_request_set_status(mutation_id uuid, args jsonb)
returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_id uuid;
  v_to text;
  v_from text;
  v_allowed text[];
  r public.part_requests%rowtype;
begin
  prior := private.op_begin(mutation_id, 'partRequest.setStatus', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_id := public.ops_arg_required_uuid(args, 'partRequestId', 'Part request id must be a UUID');
  v_to := public.ops_arg_enum(args, 'status', array['QUOTED', 'ORDERED', 'FULFILLED', 'CANCELLED'],
    'Status must be QUOTED, ORDERED, FULFILLED or CANCELLED');
  if v_to is null then
    perform public.app_error('validation', 'Status must be QUOTED, ORDERED, FULFILLED or CANCELLED');
  end if;

  select * into r from public.part_requests p where p.id = v_id for update;
  if not found then
    perform public.app_error('not_found', 'Part request not found');
  end if;
  v_from := r.status;
  v_allowed := case v_from
    when 'PENDING' then array['QUOTED', 'CANCELLED']
    when 'QUOTED' then array['ORDERED', 'CANCELLED']
    when 'ORDERED' then array['FULFILLED', 'CANCELLED']
    else array[]::text[]
  end;
  if not (v_to = any (v_allowed)) then
    if v_from = v_to or cardinality(v_allowed) = 0 then
      perform public.app_error('conflict',
        format('This part request is already %s', lower(v_from)));
    end if;
    perform public.app_error('conflict',
      format('A %s part request cannot be marked %s', lower(v_from), lower(v_to)));
  end if;

  update public.part_requests p set status = v_to where p.id = v_id returning * into r;
  return private.op_finish(mutation_id, 'part_requests', to_jsonb(r));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Privileges: for signed-in users (and the service role); anon never.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.part_request_create(uuid, jsonb) from public, anon;
grant execute on function public.part_request_create(uuid, jsonb) to authenticated, service_role;
revoke all on function public.part_request_set_status(uuid, jsonb) from public, anon;
grant execute on function public.part_request_set_status(uuid, jsonb) to authenticated, service_role;
