-- Admin guarded operations on the parts catalogue and the training resources (SPEC §2 Admin
-- routes, §6 ADMIN): part.add / part.update / part.delete and training.add / training.update /
-- training.delete (deletes are soft, so sync removes the rows from every device). Every operation
-- follows the contract in 20261123000003_mutation_ledger.sql: private.op_begin (ledger, role
-- ADMIN, args an object), args read with the ops_arg_* helpers, change, private.op_finish.

-- ---------------------------------------------------------------------------------------------
-- Field validation shared by add and update (internal).
-- ---------------------------------------------------------------------------------------------

-- Validated part fields from args (part.add / part.update).
create or replace function public.part_fields_from_args(args jsonb) returns jsonb
language plpgsql
immutable
as $$
declare
  v_name text := nullif(trim(coalesce(public.ops_arg_text(args, 'name', 'Name is required'), '')), '');
  v_model text;
  v_price numeric;
  v_stock numeric;
begin
  if v_name is null then
    perform public.app_error('validation', 'Name is required');
  end if;
  v_model := public.ops_arg_enum(args, 'model', array['S30', 'U500'], 'Model must be S30 or U500');
  v_price := public.ops_arg_number(args, 'price', 'Price must be 0 or more');
  if v_price is null or v_price < 0 then
    perform public.app_error('validation', 'Price must be 0 or more');
  end if;
  if v_price >= 10000000000 then
    perform public.app_error('validation', 'Price is too large');
  end if;
  v_stock := public.ops_arg_number(args, 'stock', 'Stock must be 0 or more');
  if v_stock is null or v_stock < 0 then
    perform public.app_error('validation', 'Stock must be 0 or more');
  end if;
  if v_stock <> trunc(v_stock) or v_stock > 2147483647 then
    perform public.app_error('validation', 'Stock must be a whole number');
  end if;
  return jsonb_build_object(
    'name', v_name,
    'part_code', public.ops_arg_text(args, 'partCode', 'Part code must be text'),
    'model', v_model,
    'diagram_url', public.ops_arg_text(args, 'diagramUrl', 'Diagram URL must be text'),
    'price', round(v_price, 2),
    'stock', v_stock::integer
  );
end
$$;

-- Validated training fields from args (training.add / training.update).
create or replace function public.training_fields_from_args(args jsonb) returns jsonb
language plpgsql
immutable
as $$
declare
  v_title text := nullif(trim(coalesce(public.ops_arg_text(args, 'title', 'Title is required'), '')), '');
  v_type text;
begin
  if v_title is null then
    perform public.app_error('validation', 'Title is required');
  end if;
  v_type := public.ops_arg_enum(args, 'type', array['VIDEO', 'PDF', 'FAQ'], 'Type must be VIDEO, PDF or FAQ');
  if v_type is null then
    perform public.app_error('validation', 'Type must be VIDEO, PDF or FAQ');
  end if;
  return jsonb_build_object(
    'title', v_title,
    'type', v_type,
    'url', public.ops_arg_text(args, 'url', 'URL must be text'),
    'content', public.ops_arg_text(args, 'content', 'Content must be text')
  );
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Parts catalogue.
-- ---------------------------------------------------------------------------------------------
create or replace function public.part_add(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_id uuid;
  f jsonb;
  p public.parts%rowtype;
begin
  prior := private.op_begin(mutation_id, 'part.add', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_id := public.ops_arg_required_uuid(args, 'id', 'A part id is required');
  f := public.part_fields_from_args(args);
  if exists (select 1 from public.parts x where x.id = v_id) then
    perform public.app_error('conflict', 'A part with this id already exists');
  end if;

  insert into public.parts (id, name, part_code, model, diagram_url, price, stock)
  values (v_id, f ->> 'name', f ->> 'part_code', f ->> 'model', f ->> 'diagram_url',
          (f ->> 'price')::numeric, (f ->> 'stock')::integer)
  returning * into p;

  return private.op_finish(mutation_id, 'parts', to_jsonb(p));
end
$$;

create or replace function public.part_update(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_part uuid;
  f jsonb;
  p public.parts%rowtype;
begin
  prior := private.op_begin(mutation_id, 'part.update', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_part := public.ops_arg_required_uuid(args, 'partId', 'Part not found');
  f := public.part_fields_from_args(args);

  -- Optional fields left out of args keep their stored values.
  update public.parts
     set name = f ->> 'name',
         price = (f ->> 'price')::numeric,
         stock = (f ->> 'stock')::integer,
         part_code = case when args ? 'partCode' then f ->> 'part_code' else part_code end,
         model = case when args ? 'model' then f ->> 'model' else model end,
         diagram_url = case when args ? 'diagramUrl' then f ->> 'diagram_url' else diagram_url end
   where id = v_part and deleted_at is null
  returning * into p;
  if not found then
    perform public.app_error('not_found', 'Part not found');
  end if;

  return private.op_finish(mutation_id, 'parts', to_jsonb(p));
end
$$;

create or replace function public.part_delete(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_part uuid;
  p public.parts%rowtype;
begin
  prior := private.op_begin(mutation_id, 'part.delete', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_part := public.ops_arg_required_uuid(args, 'partId', 'Part not found');

  update public.parts set deleted_at = now()
   where id = v_part and deleted_at is null
  returning * into p;
  if not found then
    perform public.app_error('not_found', 'Part not found');
  end if;

  return private.op_finish(mutation_id, 'parts', to_jsonb(p));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Training resources.
-- ---------------------------------------------------------------------------------------------
create or replace function public.training_add(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_id uuid;
  f jsonb;
  t public.training_resources%rowtype;
begin
  prior := private.op_begin(mutation_id, 'training.add', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_id := public.ops_arg_required_uuid(args, 'id', 'A training resource id is required');
  f := public.training_fields_from_args(args);
  if exists (select 1 from public.training_resources x where x.id = v_id) then
    perform public.app_error('conflict', 'A training resource with this id already exists');
  end if;

  insert into public.training_resources (id, title, type, url, content)
  values (v_id, f ->> 'title', f ->> 'type', f ->> 'url', f ->> 'content')
  returning * into t;

  return private.op_finish(mutation_id, 'training_resources', to_jsonb(t));
end
$$;

create or replace function public.training_update(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_training uuid;
  f jsonb;
  t public.training_resources%rowtype;
begin
  prior := private.op_begin(mutation_id, 'training.update', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_training := public.ops_arg_required_uuid(args, 'trainingId', 'Training resource not found');
  f := public.training_fields_from_args(args);

  update public.training_resources
     set title = f ->> 'title',
         type = f ->> 'type',
         url = case when args ? 'url' then f ->> 'url' else url end,
         content = case when args ? 'content' then f ->> 'content' else content end
   where id = v_training and deleted_at is null
  returning * into t;
  if not found then
    perform public.app_error('not_found', 'Training resource not found');
  end if;

  return private.op_finish(mutation_id, 'training_resources', to_jsonb(t));
end
$$;

create or replace function public.training_delete(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  v_training uuid;
  t public.training_resources%rowtype;
begin
  prior := private.op_begin(mutation_id, 'training.delete', args, 'ADMIN');
  if prior is not null then return prior; end if;
  v_training := public.ops_arg_required_uuid(args, 'trainingId', 'Training resource not found');

  update public.training_resources set deleted_at = now()
   where id = v_training and deleted_at is null
  returning * into t;
  if not found then
    perform public.app_error('not_found', 'Training resource not found');
  end if;

  return private.op_finish(mutation_id, 'training_resources', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Grants: helpers are internal; the operations are for signed-in callers and the service role.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.part_fields_from_args(jsonb) from public, anon, authenticated;
revoke all on function public.training_fields_from_args(jsonb) from public, anon, authenticated;
grant execute on function public.part_fields_from_args(jsonb) to service_role;
grant execute on function public.training_fields_from_args(jsonb) to service_role;

revoke all on function public.part_add(uuid, jsonb) from public, anon;
revoke all on function public.part_update(uuid, jsonb) from public, anon;
revoke all on function public.part_delete(uuid, jsonb) from public, anon;
revoke all on function public.training_add(uuid, jsonb) from public, anon;
revoke all on function public.training_update(uuid, jsonb) from public, anon;
revoke all on function public.training_delete(uuid, jsonb) from public, anon;
grant execute on function public.part_add(uuid, jsonb) to authenticated, service_role;
grant execute on function public.part_update(uuid, jsonb) to authenticated, service_role;
grant execute on function public.part_delete(uuid, jsonb) to authenticated, service_role;
grant execute on function public.training_add(uuid, jsonb) to authenticated, service_role;
grant execute on function public.training_update(uuid, jsonb) to authenticated, service_role;
grant execute on function public.training_delete(uuid, jsonb) to authenticated, service_role;
