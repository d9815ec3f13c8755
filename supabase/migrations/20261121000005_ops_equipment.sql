-- Guarded operations for equipment and profiles (Backend II): chair registration and warranty
-- activation, test sheets, warranty extension, new installations, part requests and own-profile
-- updates. Each follows the contract in 20261121000003_mutation_ledger.sql: mutation_begin (replay
-- returns the first result), role and access checks, then the change, returning the changed rows
-- keyed by table name through mutation_finish. Args are the camelCase shapes of
-- src/domain/mutations.ts; every ill-typed arg is a validation error (HTTP 400), never a 500.

-- ---------------------------------------------------------------------------------------------
-- Argument helpers (internal; the operations call them as their owner).
-- ---------------------------------------------------------------------------------------------

-- args must be a JSON object.
create or replace function public.ops_eq_require_object(args jsonb) returns void
language plpgsql
as $$
begin
  if args is null or jsonb_typeof(args) <> 'object' then
    perform public.app_error('validation', 'The request is malformed');
  end if;
end
$$;

-- A text arg: NULL when absent or JSON null; a validation error when present but not a string.
create or replace function public.ops_eq_text(args jsonb, key text, label text) returns text
language plpgsql
as $$
begin
  if args -> key is null or jsonb_typeof(args -> key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'string' then
    perform public.app_error('validation', label || ' must be text');
  end if;
  return args ->> key;
end
$$;

-- A UUID arg: NULL when absent or JSON null; a validation error when not a UUID string.
create or replace function public.ops_eq_uuid(args jsonb, key text, label text) returns uuid
language plpgsql
as $$
begin
  if args -> key is null or jsonb_typeof(args -> key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(args -> key) <> 'string'
     or (args ->> key) !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
  then
    perform public.app_error('validation', label || ' must be a UUID');
  end if;
  return (args ->> key)::uuid;
end
$$;

-- A required UUID arg.
create or replace function public.ops_eq_required_uuid(args jsonb, key text, label text)
returns uuid
language plpgsql
as $$
declare
  v uuid := public.ops_eq_uuid(args, key, label);
begin
  if v is null then
    perform public.app_error('validation', label || ' is required');
  end if;
  return v;
end
$$;

-- A required boolean arg.
create or replace function public.ops_eq_bool(args jsonb, key text) returns boolean
language plpgsql
as $$
begin
  if args -> key is null or jsonb_typeof(args -> key) <> 'boolean' then
    perform public.app_error('validation', key || ' must be true or false');
  end if;
  return (args -> key)::boolean;
end
$$;

-- An ISO 8601 date or date-time as JavaScript's Date parses it for these values: a bare date is
-- midnight UTC, a date-time without an offset is taken as UTC. Anything else gives NULL (never
-- Postgres specials such as 'now' or 'infinity').
create or replace function public.ops_eq_parse_timestamp(value text) returns timestamptz
language plpgsql
stable
as $$
declare
  v text := trim(coalesce(value, ''));
begin
  if v ~ '^\d{4}-\d{2}-\d{2}$' then
    return (v || 'T00:00:00Z')::timestamptz;
  end if;
  if v !~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$' then
    return null;
  end if;
  if v ~ '(Z|[+-]\d{2}(:?\d{2})?)$' then
    return v::timestamptz;
  end if;
  return v::timestamp at time zone 'UTC';
exception
  when others then
    return null;
end
$$;

-- ISO 8601 UTC text with milliseconds, as JavaScript's toISOString() writes it.
create or replace function public.ops_eq_iso(ts timestamptz) returns text
language sql
immutable
as $$
  select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- The warranty a registration or activation starts (SPEC §4 Warranty).
create or replace function public.ops_eq_new_warranty() returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
    'activatedAt', public.ops_eq_iso(now()),
    'confirmed', false,
    'warrantyYears', 5,
    'extensionPurchased', false,
    'extensionYears', 0
  )
$$;

-- Every item id of the new-installation checklist, in display order. Generated from
-- src/domain/installation-checklist.ts (checklistItemIds()); src/domain/installation-checklist.sql.test.ts
-- fails when the two drift apart.
create or replace function public.installation_checklist_item_ids() returns text[]
language sql
immutable
as $$
  select array[
    'basic-functionality-mains-power',
    'basic-functionality-base-travel',
    'basic-functionality-backrest-recline',
    'basic-functionality-backrest-upright',
    'basic-functionality-limit-switches',
    'basic-functionality-safety-stop',
    'basic-functionality-headrest-adjust',
    'basic-functionality-armrests',
    'basic-functionality-level-stable',
    'basic-functionality-movement-noise',
    'doctors-control-panel-display-on',
    'doctors-control-panel-buttons-respond',
    'doctors-control-panel-manual-movement',
    'doctors-control-panel-memory-positions',
    'doctors-control-panel-auto-return',
    'doctors-control-panel-rinse-position',
    'doctors-control-panel-light-key',
    'doctors-control-panel-cup-bowl-keys',
    'doctors-instrument-tray-arm-balance',
    'doctors-instrument-tray-brake',
    'doctors-instrument-tray-tray-level',
    'doctors-instrument-tray-handpiece-drive-air',
    'doctors-instrument-tray-coolant-spray',
    'doctors-instrument-tray-micromotor',
    'doctors-instrument-tray-syringe',
    'doctors-instrument-tray-scaler',
    'doctors-instrument-tray-holder-autostart',
    'assistant-control-panel-arm-positions',
    'assistant-control-panel-panel-keys',
    'assistant-control-panel-suction-strength',
    'assistant-control-panel-suction-autostart',
    'assistant-control-panel-assistant-syringe',
    'assistant-control-panel-curing-light',
    'assistant-control-panel-hoses-secure',
    'spittoon-water-system-bowl-rinse',
    'spittoon-water-system-cup-fill',
    'spittoon-water-system-cup-sensor',
    'spittoon-water-system-bowl-rotation',
    'spittoon-water-system-water-pressure',
    'spittoon-water-system-bottle-system',
    'spittoon-water-system-water-heater',
    'spittoon-water-system-drain-connection',
    'spittoon-water-system-solids-filter',
    'operating-light-intensity',
    'operating-light-sensor-switch',
    'operating-light-colour-temperature',
    'operating-light-arm-movement',
    'operating-light-beam-pattern',
    'operating-light-composite-mode',
    'operating-light-handles',
    'foot-pedal-chair-movement',
    'foot-pedal-variable-speed',
    'foot-pedal-water-toggle',
    'foot-pedal-position-recall',
    'foot-pedal-wireless-pairing',
    'foot-pedal-cable-secure',
    'engineer-parts-inspection-parts-delivered',
    'engineer-parts-inspection-serial-plate',
    'engineer-parts-inspection-fixings',
    'engineer-parts-inspection-electrical-earth',
    'engineer-parts-inspection-air-leaks',
    'engineer-parts-inspection-water-leaks',
    'engineer-parts-inspection-covers-fitted',
    'engineer-parts-inspection-manuals',
    'no-damage-check-upholstery',
    'no-damage-check-upholstery-colour',
    'no-damage-check-painted-surfaces',
    'no-damage-check-plastic-covers',
    'no-damage-check-hoses-cables',
    'no-damage-check-light-lens'
  ]::text[]
$$;

-- A list of text (coverage areas, specializations, skill sets): trimmed, blanks dropped, at least
-- one entry, else a validation error with the given message.
create or replace function public.ops_eq_text_list(obj jsonb, key text, message text) returns jsonb
language plpgsql
as $$
declare
  v_list jsonb;
begin
  if jsonb_typeof(obj -> key) is distinct from 'array' then
    perform public.app_error('validation', message);
  end if;
  if exists (select 1 from jsonb_array_elements(obj -> key) e where jsonb_typeof(e) <> 'string') then
    perform public.app_error('validation', message);
  end if;
  select coalesce(jsonb_agg(to_jsonb(trim(e.value)) order by e.ord), '[]'::jsonb)
    into v_list
    from jsonb_array_elements_text(obj -> key) with ordinality as e(value, ord)
   where trim(e.value) <> '';
  if jsonb_array_length(v_list) = 0 then
    perform public.app_error('validation', message);
  end if;
  return v_list;
end
$$;

-- Warranty activation window (mirrors canActivateWarranty in src/domain/warranty.ts): no more than
-- 14 days (to the millisecond) after delivery; a delivery date in the future is refused here.
create or replace function public.ops_eq_within_activation_window(delivery timestamptz)
returns boolean
language sql
stable
as $$
  select delivery is not null
     and delivery <= now()
     and extract(epoch from (now() - delivery)) <= 14 * 86400
$$;

-- ---------------------------------------------------------------------------------------------
-- chair.register (CUSTOMER): claim an IN_STOCK or DELIVERED chair by serial number.
-- ---------------------------------------------------------------------------------------------
create or replace function public.chair_register(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  v_serial text;
  v_delivery_text text;
  v_delivery timestamptz;
  c public.chairs%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'chair.register');
  if prior is not null then
    return prior;
  end if;
  perform public.require_role('CUSTOMER');
  perform public.ops_eq_require_object(args);

  v_serial := trim(public.ops_eq_text(args, 'serialNumber', 'Serial number'));
  if coalesce(v_serial, '') = '' then
    perform public.app_error('validation', 'Serial number is required');
  end if;
  v_delivery_text := public.ops_eq_text(args, 'deliveryDate', 'Delivery date');
  if coalesce(trim(v_delivery_text), '') = '' then
    perform public.app_error('validation', 'Delivery date is required');
  end if;
  v_delivery := public.ops_eq_parse_timestamp(v_delivery_text);
  if v_delivery is null then
    perform public.app_error('validation', 'Delivery date must be a valid date');
  end if;

  update public.chairs ch
     set owner_user_id = me,
         status = 'REGISTERED',
         delivery_date = v_delivery,
         warranty = public.ops_eq_new_warranty()
   where ch.serial_number = v_serial and ch.status in ('IN_STOCK', 'DELIVERED')
  returning ch.* into c;
  if not found then
    if exists (select 1 from public.chairs ch where ch.serial_number = v_serial) then
      perform public.app_error('conflict', 'This chair is already registered');
    end if;
    perform public.app_error('not_found', 'Chair not found');
  end if;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('chairs', jsonb_build_array(to_jsonb(c))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- chair.activateWarranty (CUSTOMER): the Warranty Activation form (SPEC §5 rules).
-- ---------------------------------------------------------------------------------------------
create or replace function public.chair_activate_warranty(mutation_id uuid, args jsonb)
returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  v_serial text;
  v_delivery_text text;
  v_delivery timestamptz;
  c public.chairs%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'chair.activateWarranty');
  if prior is not null then
    return prior;
  end if;
  perform public.require_role('CUSTOMER');
  perform public.ops_eq_require_object(args);

  v_serial := trim(public.ops_eq_text(args, 'serialNumber', 'Serial number'));
  if coalesce(v_serial, '') = '' then
    perform public.app_error('validation', 'Serial number is required');
  end if;
  v_delivery_text := public.ops_eq_text(args, 'deliveryDate', 'Delivery date');
  if coalesce(trim(v_delivery_text), '') = '' then
    perform public.app_error('validation', 'Delivery date is required');
  end if;
  v_delivery := public.ops_eq_parse_timestamp(v_delivery_text);
  -- An invalid date is never inside the window (canActivateWarranty).
  if not public.ops_eq_within_activation_window(v_delivery) then
    perform public.app_error('validation', 'Warranty must be activated within 14 days of delivery');
  end if;

  update public.chairs ch
     set owner_user_id = me,
         status = 'REGISTERED',
         delivery_date = v_delivery,
         warranty = public.ops_eq_new_warranty()
   where ch.serial_number = v_serial and ch.status in ('IN_STOCK', 'DELIVERED')
  returning ch.* into c;
  if not found then
    perform public.app_error('not_found', 'Serial number not found in inventory');
  end if;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('chairs', jsonb_build_array(to_jsonb(c))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- chair.submitTestSheet (owner CUSTOMER): once per chair; all four checks confirm the warranty.
-- ---------------------------------------------------------------------------------------------
create or replace function public.chair_submit_test_sheet(mutation_id uuid, args jsonb)
returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  v_chair uuid;
  v_parts_arrived boolean;
  v_powers_on boolean;
  v_movement_ok boolean;
  v_water_air_ok boolean;
  v_notes text;
  v_all_passed boolean;
  v_sheet jsonb;
  c public.chairs%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'chair.submitTestSheet');
  if prior is not null then
    return prior;
  end if;
  perform public.require_role('CUSTOMER');
  perform public.ops_eq_require_object(args);

  v_chair := public.ops_eq_required_uuid(args, 'chairId', 'Chair');
  v_parts_arrived := public.ops_eq_bool(args, 'partsArrived');
  v_powers_on := public.ops_eq_bool(args, 'powersOn');
  v_movement_ok := public.ops_eq_bool(args, 'movementOK');
  v_water_air_ok := public.ops_eq_bool(args, 'waterAirOK');
  v_notes := public.ops_eq_text(args, 'notes', 'Notes');
  v_all_passed := v_parts_arrived and v_powers_on and v_movement_ok and v_water_air_ok;
  v_sheet := jsonb_build_object(
    'partsArrived', v_parts_arrived,
    'powersOn', v_powers_on,
    'movementOK', v_movement_ok,
    'waterAirOK', v_water_air_ok,
    'notes', v_notes,
    'submittedAt', public.ops_eq_iso(now())
  );

  update public.chairs ch
     set test_sheet = v_sheet,
         warranty = case
           when v_all_passed then
             coalesce(case when jsonb_typeof(ch.warranty) = 'object' then ch.warranty end, '{}'::jsonb)
               || '{"confirmed": true}'::jsonb
           else ch.warranty
         end
   where ch.id = v_chair
     and ch.owner_user_id = me
     and (ch.test_sheet is null or jsonb_typeof(ch.test_sheet) = 'null')
  returning ch.* into c;
  if not found then
    if exists (select 1 from public.chairs ch where ch.id = v_chair and ch.owner_user_id = me) then
      perform public.app_error('conflict', 'A test sheet has already been submitted for this chair');
    end if;
    perform public.app_error('not_found', 'Chair not found');
  end if;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('chairs', jsonb_build_array(to_jsonb(c))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- chair.extendWarranty (owner CUSTOMER): 3 or 5 more years on a confirmed warranty.
-- ---------------------------------------------------------------------------------------------
create or replace function public.chair_extend_warranty(mutation_id uuid, args jsonb)
returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  v_chair uuid;
  v_years numeric;
  c public.chairs%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'chair.extendWarranty');
  if prior is not null then
    return prior;
  end if;
  perform public.require_role('CUSTOMER');
  perform public.ops_eq_require_object(args);

  v_chair := public.ops_eq_required_uuid(args, 'chairId', 'Chair');
  if jsonb_typeof(args -> 'years') is distinct from 'number' then
    perform public.app_error('validation', 'Extension must be 3 or 5 years');
  end if;
  if (args ->> 'years')::numeric not in (3, 5) then
    perform public.app_error('validation', 'Extension must be 3 or 5 years');
  end if;
  v_years := trunc((args ->> 'years')::numeric);

  -- Computed from the locked row, so two extensions both count.
  update public.chairs ch
     set warranty = ch.warranty || jsonb_build_object(
           'extensionPurchased', true,
           'extensionYears',
             case when jsonb_typeof(ch.warranty -> 'extensionYears') = 'number'
                  then (ch.warranty ->> 'extensionYears')::numeric else 0 end + v_years,
           'warrantyYears',
             case when jsonb_typeof(ch.warranty -> 'warrantyYears') = 'number'
                  then (ch.warranty ->> 'warrantyYears')::numeric else 5 end + v_years
         )
   where ch.id = v_chair
     and ch.owner_user_id = me
     and jsonb_typeof(ch.warranty) = 'object'
     and ch.warranty -> 'confirmed' = 'true'::jsonb
  returning ch.* into c;
  if not found then
    if exists (select 1 from public.chairs ch where ch.id = v_chair and ch.owner_user_id = me) then
      perform public.app_error('validation', 'Only a confirmed warranty can be extended');
    end if;
    perform public.app_error('not_found', 'Chair not found');
  end if;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('chairs', jsonb_build_array(to_jsonb(c))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- installation.complete (ENGINEER): every checklist item ticked, customer acceptance signed.
-- ---------------------------------------------------------------------------------------------
create or replace function public.installation_complete(mutation_id uuid, args jsonb)
returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  v_ids text[] := public.installation_checklist_item_ids();
  v_id uuid;
  v_chair uuid;
  v_checklist jsonb;
  v_customer_name text;
  v_signature_text text;
  v_signature_image text;
  v_notes text;
  v_now text := public.ops_eq_iso(now());
  v_entry jsonb;
  c public.chairs%rowtype;
  i public.installations%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'installation.complete');
  if prior is not null then
    return prior;
  end if;
  perform public.require_role('ENGINEER');
  perform public.ops_eq_require_object(args);

  v_id := public.ops_eq_required_uuid(args, 'id', 'Installation id');
  v_chair := public.ops_eq_required_uuid(args, 'chairId', 'Chair');
  v_checklist := args -> 'checklist';
  if jsonb_typeof(v_checklist) is distinct from 'object'
     or exists (select 1 from unnest(v_ids) as item(id) where v_checklist -> item.id is distinct from 'true'::jsonb)
  then
    perform public.app_error('validation', 'Every checklist item must be ticked');
  end if;
  v_customer_name := trim(public.ops_eq_text(args, 'customerName', 'Customer name'));
  if coalesce(v_customer_name, '') = '' then
    perform public.app_error('validation', 'Customer name is required');
  end if;
  v_signature_text := public.ops_eq_text(args, 'signatureText', 'Signature');
  if coalesce(trim(v_signature_text), '') = '' then
    perform public.app_error('validation', 'Signature is required');
  end if;
  v_signature_image := public.ops_eq_text(args, 'signatureImage', 'Signature image');
  if v_signature_image is null or left(v_signature_image, 22) <> 'data:image/png;base64,' then
    perform public.app_error('validation', 'Please sign in the box');
  end if;
  if length(v_signature_image) > 300000 then
    perform public.app_error('validation', 'The signature image is too large');
  end if;
  v_notes := nullif(trim(public.ops_eq_text(args, 'notes', 'Notes')), '');

  v_entry := jsonb_build_object(
    'id', gen_random_uuid(),
    'type', 'Installation',
    'date', v_now,
    'engineerId', me,
    'engineerName', public.user_display_name(me),
    'engineerPhone', (select u.phone from public.users u where u.id = me),
    'duration', null,
    'workPerformed', 'New installation completed; accepted by ' || v_customer_name,
    'partsReplaced', '[]'::jsonb,
    'conditionBefore', null,
    'conditionAfter', 'Installed and tested',
    'recommendations', v_notes,
    'followUpRequired', false,
    'warrantyWork', true,
    'cost', 0
  );

  -- History is appended to the locked row's current list, so concurrent entries all survive.
  update public.chairs ch
     set service = coalesce(case when jsonb_typeof(ch.service) = 'object' then ch.service end, '{}'::jsonb)
           || jsonb_build_object(
                'lastServiceDate', v_now,
                'nextServiceDue', public.ops_eq_iso(now() + interval '1 year'),
                'serviceHistory',
                  case when jsonb_typeof(ch.service -> 'serviceHistory') = 'array'
                       then ch.service -> 'serviceHistory' else '[]'::jsonb end
                  || jsonb_build_array(v_entry)
              ),
         status = case when ch.status = 'IN_STOCK' then 'DELIVERED' else ch.status end
   where ch.id = v_chair
  returning ch.* into c;
  if not found then
    perform public.app_error('not_found', 'Chair not found');
  end if;

  begin
    insert into public.installations
      (id, chair_id, engineer_user_id, checklist, customer_name, signature_text, signature_image,
       notes, completed_at)
    values
      (v_id, v_chair, me,
       (select jsonb_object_agg(item.id, true) from unnest(v_ids) as item(id)),
       v_customer_name, trim(v_signature_text), v_signature_image, v_notes, now())
    returning * into i;
  exception
    when unique_violation then
      perform public.app_error('conflict', 'This installation has already been recorded');
  end;

  return public.mutation_finish(mutation_id, jsonb_build_object(
    'installations', jsonb_build_array(to_jsonb(i)),
    'chairs', jsonb_build_array(to_jsonb(c))
  ));
end
$$;

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
  v_line record;
  v_part public.parts%rowtype;
  v_stored jsonb := '[]'::jsonb;
  r public.part_requests%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'partRequest.create');
  if prior is not null then
    return prior;
  end if;
  perform public.require_role('CUSTOMER');
  perform public.ops_eq_require_object(args);

  v_id := public.ops_eq_required_uuid(args, 'id', 'Part request id');
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
    v_part_id := public.ops_eq_uuid(v_item, 'partId', 'Part');
    if v_part_id is null then
      perform public.app_error('validation', 'Please select a part');
    end if;
    if jsonb_typeof(v_item -> 'qty') is distinct from 'number' then
      perform public.app_error('validation', 'Quantity must be a whole number of at least 1');
    end if;
    if (v_item ->> 'qty')::numeric < 1 or (v_item ->> 'qty')::numeric <> trunc((v_item ->> 'qty')::numeric) then
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

  v_chair := public.ops_eq_uuid(args, 'chairId', 'Chair');
  if v_chair is not null
     and not exists (select 1 from public.chairs ch where ch.id = v_chair and ch.owner_user_id = me)
  then
    perform public.app_error('not_found', 'Chair not found');
  end if;
  v_notes := public.ops_eq_text(args, 'notes', 'Notes');

  begin
    insert into public.part_requests (id, user_id, chair_id, items, status, notes)
    values (v_id, me, v_chair, v_stored, 'PENDING', v_notes)
    returning * into r;
  exception
    when unique_violation then
      perform public.app_error('conflict', 'This part request has already been submitted');
  end;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('part_requests', jsonb_build_array(to_jsonb(r))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- profile.update (any signed-in role, own row): contact details; a customer's practice; an
-- engineer's location, coverage and skills (certifications, availability and metrics stay).
-- ---------------------------------------------------------------------------------------------
create or replace function public.profile_update(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  v_role text;
  v_name text;
  v_email text;
  v_set_phone boolean := false;
  v_phone text;
  v_set_address boolean := false;
  v_address text;
  v_set_picture boolean := false;
  v_picture text;
  v_set_practice boolean := false;
  v_practice_arg jsonb;
  v_practice jsonb;
  v_practice_name text;
  v_practice_type text;
  v_practice_address text;
  v_practice_phone text;
  v_engineer_arg jsonb;
  v_engineer_patch jsonb;
  v_unknown text;
  u public.users%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'profile.update');
  if prior is not null then
    return prior;
  end if;
  v_role := public.require_role('CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR');
  perform public.ops_eq_require_object(args);

  if args ? 'role' then
    perform public.app_error('forbidden', 'Only an administrator can change a role');
  end if;
  v_engineer_arg := args -> 'engineer';
  if jsonb_typeof(v_engineer_arg) = 'object'
     and v_engineer_arg ?| array['certifications', 'availability', 'performanceMetrics']
  then
    perform public.app_error('forbidden',
      'Certifications, availability and metrics are managed by your supervisor');
  end if;

  if jsonb_typeof(args -> 'name') is distinct from 'string' or trim(args ->> 'name') = '' then
    perform public.app_error('validation', 'Name is required');
  end if;
  v_name := trim(args ->> 'name');
  -- The e-mail rule of zod's z.email().
  if jsonb_typeof(args -> 'email') is distinct from 'string'
     or (args ->> 'email') !~ '^[A-Za-z0-9_''+.-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*[.])+[A-Za-z]{2,}$'
     or left(args ->> 'email', 1) = '.'
     or position('..' in (args ->> 'email')) > 0
  then
    perform public.app_error('validation', 'Valid email is required');
  end if;
  v_email := args ->> 'email';

  if args ? 'phone' then
    v_set_phone := true;
    v_phone := nullif(trim(public.ops_eq_text(args, 'phone', 'Phone')), '');
  end if;
  if args ? 'address' then
    v_set_address := true;
    v_address := nullif(trim(public.ops_eq_text(args, 'address', 'Address')), '');
  end if;
  if args ? 'profilePictureUrl' then
    v_set_picture := true;
    v_picture := nullif(trim(public.ops_eq_text(args, 'profilePictureUrl', 'Profile picture URL')), '');
    if v_picture is not null and v_picture !~* '^https?://[^\s/?#]+[^\s]*$' then
      perform public.app_error('validation', 'Please enter a valid URL');
    end if;
  end if;

  -- Practice: customers only; saved only when a name, address or phone is filled (type DENTAL by
  -- default); an empty practice or null clears it.
  v_practice_arg := args -> 'practice';
  if jsonb_typeof(v_practice_arg) = 'null' then
    if v_role = 'CUSTOMER' then
      v_set_practice := true;
      v_practice := null;
    end if;
  elsif v_practice_arg is not null then
    if v_role <> 'CUSTOMER' then
      perform public.app_error('validation', 'Only a customer profile has practice details');
    end if;
    if jsonb_typeof(v_practice_arg) <> 'object' then
      perform public.app_error('validation', 'Practice details must be an object');
    end if;
    v_practice_name := nullif(trim(public.ops_eq_text(v_practice_arg, 'name', 'Practice name')), '');
    v_practice_type := nullif(trim(public.ops_eq_text(v_practice_arg, 'type', 'Practice type')), '');
    v_practice_address :=
      nullif(trim(public.ops_eq_text(v_practice_arg, 'address', 'Practice address')), '');
    v_practice_phone := nullif(trim(public.ops_eq_text(v_practice_arg, 'phone', 'Practice phone')), '');
    if v_practice_type is not null
       and v_practice_type not in ('DENTAL', 'MEDICAL', 'VETERINARY', 'CLINIC')
    then
      perform public.app_error('validation',
        'Practice type must be DENTAL, MEDICAL, VETERINARY or CLINIC');
    end if;
    v_set_practice := true;
    if coalesce(v_practice_name, v_practice_address, v_practice_phone) is not null then
      v_practice := jsonb_build_object(
        'name', v_practice_name,
        'type', coalesce(v_practice_type, 'DENTAL'),
        'address', v_practice_address,
        'phone', v_practice_phone
      );
    else
      v_practice := null;
    end if;
  end if;

  -- Engineer details: engineers only, merged into the stored object.
  if v_engineer_arg is not null and jsonb_typeof(v_engineer_arg) <> 'null' then
    if v_role <> 'ENGINEER' then
      perform public.app_error('validation', 'Only an engineer profile has engineer details');
    end if;
    if jsonb_typeof(v_engineer_arg) <> 'object' then
      perform public.app_error('validation', 'Engineer details must be an object');
    end if;
    select k into v_unknown
      from jsonb_object_keys(v_engineer_arg) k
     where k not in ('location', 'emergencyPhone', 'coverageAreas', 'specializations', 'skillSets')
     limit 1;
    if v_unknown is not null then
      perform public.app_error('validation', format('Unknown engineer field: %s', v_unknown));
    end if;
    if jsonb_typeof(v_engineer_arg -> 'location') is distinct from 'string'
       or trim(v_engineer_arg ->> 'location') = ''
    then
      perform public.app_error('validation', 'Location is required');
    end if;
    v_engineer_patch := jsonb_build_object(
      'location', trim(v_engineer_arg ->> 'location'),
      'coverageAreas', public.ops_eq_text_list(v_engineer_arg, 'coverageAreas', 'Coverage areas are required'),
      'specializations', public.ops_eq_text_list(v_engineer_arg, 'specializations', 'Specializations are required'),
      'skillSets', public.ops_eq_text_list(v_engineer_arg, 'skillSets', 'Skill sets are required')
    );
    if v_engineer_arg ? 'emergencyPhone' then
      v_engineer_patch := v_engineer_patch || jsonb_build_object('emergencyPhone',
        nullif(trim(public.ops_eq_text(v_engineer_arg, 'emergencyPhone', 'Emergency phone')), ''));
    end if;
  end if;

  if exists (
    select 1 from public.users x where lower(x.email) = lower(v_email) and x.id <> me
  ) then
    perform public.app_error('conflict', 'This email address is already in use');
  end if;

  begin
    update public.users x
       set name = v_name,
           email = v_email,
           phone = case when v_set_phone then v_phone else x.phone end,
           address = case when v_set_address then v_address else x.address end,
           profile_picture_url = case when v_set_picture then v_picture else x.profile_picture_url end,
           practice = case when v_set_practice then v_practice else x.practice end,
           engineer = case
             when v_engineer_patch is null then x.engineer
             else coalesce(case when jsonb_typeof(x.engineer) = 'object' then x.engineer end, '{}'::jsonb)
                    || v_engineer_patch
           end
     where x.id = me and x.deleted_at is null
    returning x.* into u;
  exception
    when unique_violation then
      perform public.app_error('conflict', 'This email address is already in use');
  end;
  if u.id is null then
    perform public.app_error('forbidden', 'Your account is not active');
  end if;

  return public.mutation_finish(mutation_id,
    jsonb_build_object('users', jsonb_build_array(to_jsonb(u))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Privileges: helpers are internal; the operations are for signed-in users.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.ops_eq_require_object(jsonb) from public, anon, authenticated;
revoke all on function public.ops_eq_text(jsonb, text, text) from public, anon, authenticated;
revoke all on function public.ops_eq_uuid(jsonb, text, text) from public, anon, authenticated;
revoke all on function public.ops_eq_required_uuid(jsonb, text, text) from public, anon, authenticated;
revoke all on function public.ops_eq_bool(jsonb, text) from public, anon, authenticated;
revoke all on function public.ops_eq_parse_timestamp(text) from public, anon, authenticated;
revoke all on function public.ops_eq_iso(timestamptz) from public, anon, authenticated;
revoke all on function public.ops_eq_new_warranty() from public, anon, authenticated;
revoke all on function public.installation_checklist_item_ids() from public, anon, authenticated;
revoke all on function public.ops_eq_text_list(jsonb, text, text) from public, anon, authenticated;
revoke all on function public.ops_eq_within_activation_window(timestamptz)
  from public, anon, authenticated;
grant execute on function public.ops_eq_require_object(jsonb) to service_role;
grant execute on function public.ops_eq_text(jsonb, text, text) to service_role;
grant execute on function public.ops_eq_uuid(jsonb, text, text) to service_role;
grant execute on function public.ops_eq_required_uuid(jsonb, text, text) to service_role;
grant execute on function public.ops_eq_bool(jsonb, text) to service_role;
grant execute on function public.ops_eq_parse_timestamp(text) to service_role;
grant execute on function public.ops_eq_iso(timestamptz) to service_role;
grant execute on function public.ops_eq_new_warranty() to service_role;
grant execute on function public.installation_checklist_item_ids() to service_role;
grant execute on function public.ops_eq_text_list(jsonb, text, text) to service_role;
grant execute on function public.ops_eq_within_activation_window(timestamptz) to service_role;

revoke all on function public.chair_register(uuid, jsonb) from public, anon;
revoke all on function public.chair_activate_warranty(uuid, jsonb) from public, anon;
revoke all on function public.chair_submit_test_sheet(uuid, jsonb) from public, anon;
revoke all on function public.chair_extend_warranty(uuid, jsonb) from public, anon;
revoke all on function public.installation_complete(uuid, jsonb) from public, anon;
revoke all on function public.part_request_create(uuid, jsonb) from public, anon;
revoke all on function public.profile_update(uuid, jsonb) from public, anon;
grant execute on function public.chair_register(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_activate_warranty(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_submit_test_sheet(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_extend_warranty(uuid, jsonb) to authenticated, service_role;
grant execute on function public.installation_complete(uuid, jsonb) to authenticated, service_role;
grant execute on function public.part_request_create(uuid, jsonb) to authenticated, service_role;
grant execute on function public.profile_update(uuid, jsonb) to authenticated, service_role;
