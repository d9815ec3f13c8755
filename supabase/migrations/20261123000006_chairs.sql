-- Guarded operations on chairs and installations (Backend II): chair registration and warranty
-- activation, test sheets, warranty extension and new installations. Each follows the contract in
-- 20261123000003_mutation_ledger.sql: private.op_begin (replay returns the first result, role
-- check, args an object), args read with the ops_arg_* helpers, access and rule checks, then the
-- change, returning the changed rows keyed by table name through private.op_finish. The admin's chair operations
-- (chair.add, chair.assignOwner) are in 20261123000009_admin.sql.

-- ---------------------------------------------------------------------------------------------
-- Helpers (internal).
-- ---------------------------------------------------------------------------------------------

-- The warranty a registration or activation starts (SPEC §4 Warranty).
create or replace function private.chair_new_warranty() returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
    'activatedAt', public.ops_iso_time(now()),
    'confirmed', false,
    'warrantyYears', 5,
    'extensionPurchased', false,
    'extensionYears', 0
  )
$$;

-- Every item id of the new-installation checklist, in display order. Generated from
-- src/domain/installation-checklist.ts (checklistItemIds()); src/domain/installation-checklist.sql.test.ts
-- fails when the two drift apart.
create or replace function private.installation_checklist_item_ids() returns text[]
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

-- Warranty activation window (mirrors canActivateWarranty in src/domain/warranty.ts): no more than
-- 14 days (to the millisecond) after delivery; a delivery date in the future is refused here.
create or replace function private.chair_within_activation_window(delivery timestamptz)
returns boolean
language sql
stable
as $$
  select delivery is not null
     and delivery <= now()
     and extract(epoch from (now() - delivery)) <= 14 * 86400
$$;


-- ---------------------------------------------------------------------------------------------
-- chair_lookup_serial (signed-in users): Warranty Activation's live lookup (SPEC §2). A customer's
-- mirror holds only their own chairs, so the form asks the server whether a serial names a chair
-- that can still be claimed: IN_STOCK or DELIVERED and without an owner. Only the model is told
-- (null when there is none): no ids, no owner, nothing about chairs that are taken.
-- ---------------------------------------------------------------------------------------------
create or replace function public.chair_lookup_serial(serial text) returns text
language sql
stable
security definer
set search_path = public
as $$
  select ch.model
    from public.chairs ch
   where ch.serial_number = trim(serial)
     and ch.status in ('IN_STOCK', 'DELIVERED')
     and ch.owner_user_id is null
   limit 1
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
  v_delivery timestamptz;
  c public.chairs%rowtype;
begin
  prior := private.op_begin(mutation_id, 'chair.register', args, 'CUSTOMER');
  if prior is not null then return prior; end if;

  v_serial := trim(public.ops_arg_text(args, 'serialNumber', 'Serial number must be text'));
  if coalesce(v_serial, '') = '' then
    perform public.app_error('validation', 'Serial number is required');
  end if;
  if coalesce(trim(public.ops_arg_text(args, 'deliveryDate', 'Delivery date must be text')), '') = '' then
    perform public.app_error('validation', 'Delivery date is required');
  end if;
  v_delivery := public.ops_arg_timestamp(args, 'deliveryDate', 'Delivery date must be a valid date');

  update public.chairs ch
     set owner_user_id = me,
         status = 'REGISTERED',
         delivery_date = v_delivery,
         warranty = private.chair_new_warranty()
   where ch.serial_number = v_serial and ch.status in ('IN_STOCK', 'DELIVERED')
  returning ch.* into c;
  if not found then
    if exists (select 1 from public.chairs ch where ch.serial_number = v_serial) then
      perform public.app_error('conflict', 'This chair is already registered');
    end if;
    perform public.app_error('not_found', 'Chair not found');
  end if;

  return private.op_finish(mutation_id, 'chairs', to_jsonb(c));
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
  v_delivery timestamptz;
  c public.chairs%rowtype;
begin
  prior := private.op_begin(mutation_id, 'chair.activateWarranty', args, 'CUSTOMER');
  if prior is not null then return prior; end if;

  v_serial := trim(public.ops_arg_text(args, 'serialNumber', 'Serial number must be text'));
  if coalesce(v_serial, '') = '' then
    perform public.app_error('validation', 'Serial number is required');
  end if;
  if coalesce(trim(public.ops_arg_text(args, 'deliveryDate', 'Delivery date must be text')), '') = '' then
    perform public.app_error('validation', 'Delivery date is required');
  end if;
  -- An invalid date is never inside the window (canActivateWarranty).
  v_delivery := public.ops_arg_timestamp(args, 'deliveryDate',
    'Warranty must be activated within 14 days of delivery');
  if not private.chair_within_activation_window(v_delivery) then
    perform public.app_error('validation', 'Warranty must be activated within 14 days of delivery');
  end if;

  update public.chairs ch
     set owner_user_id = me,
         status = 'REGISTERED',
         delivery_date = v_delivery,
         warranty = private.chair_new_warranty()
   where ch.serial_number = v_serial and ch.status in ('IN_STOCK', 'DELIVERED')
  returning ch.* into c;
  if not found then
    perform public.app_error('not_found', 'Serial number not found in inventory');
  end if;

  return private.op_finish(mutation_id, 'chairs', to_jsonb(c));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- chair.submitTestSheet (owner CUSTOMER): once per chair; all four checks confirm the warranty.
-- The chair is named by id, or, when serialNumber is given, by serial number among the caller's
-- chairs: a sheet filled in on a chair activated offline carries the device's stand-in id
-- (provisionalChairId in src/domain/chairs.ts); the activation queued before it has made the
-- chair the caller's by the time the sheet arrives.
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
  v_serial text;
  v_parts_arrived boolean;
  v_powers_on boolean;
  v_movement_ok boolean;
  v_water_air_ok boolean;
  v_notes text;
  v_all_passed boolean;
  v_sheet jsonb;
  c public.chairs%rowtype;
begin
  prior := private.op_begin(mutation_id, 'chair.submitTestSheet', args, 'CUSTOMER');
  if prior is not null then return prior; end if;

  v_chair := public.ops_arg_uuid(args, 'chairId', 'Chair must be a UUID');
  if v_chair is null then
    perform public.app_error('validation', 'Chair is required');
  end if;
  v_serial := nullif(trim(public.ops_arg_text(args, 'serialNumber', 'Serial number must be text')), '');
  v_parts_arrived := public.ops_arg_required_bool(args, 'partsArrived', 'partsArrived must be true or false');
  v_powers_on := public.ops_arg_required_bool(args, 'powersOn', 'powersOn must be true or false');
  v_movement_ok := public.ops_arg_required_bool(args, 'movementOK', 'movementOK must be true or false');
  v_water_air_ok := public.ops_arg_required_bool(args, 'waterAirOK', 'waterAirOK must be true or false');
  v_notes := public.ops_arg_text(args, 'notes', 'Notes must be text');
  v_all_passed := v_parts_arrived and v_powers_on and v_movement_ok and v_water_air_ok;
  v_sheet := jsonb_build_object(
    'partsArrived', v_parts_arrived,
    'powersOn', v_powers_on,
    'movementOK', v_movement_ok,
    'waterAirOK', v_water_air_ok,
    'notes', v_notes,
    'submittedAt', public.ops_iso_time(now())
  );

  update public.chairs ch
     set test_sheet = v_sheet,
         warranty = case
           when v_all_passed then
             coalesce(case when jsonb_typeof(ch.warranty) = 'object' then ch.warranty end, '{}'::jsonb)
               || '{"confirmed": true}'::jsonb
           else ch.warranty
         end
   where (case when v_serial is null then ch.id = v_chair else ch.serial_number = v_serial end)
     and ch.owner_user_id = me
     and (ch.test_sheet is null or jsonb_typeof(ch.test_sheet) = 'null')
  returning ch.* into c;
  if not found then
    if exists (select 1 from public.chairs ch
                where (case when v_serial is null then ch.id = v_chair else ch.serial_number = v_serial end)
                  and ch.owner_user_id = me) then
      perform public.app_error('conflict', 'A test sheet has already been submitted for this chair');
    end if;
    perform public.app_error('not_found', 'Chair not found');
  end if;

  return private.op_finish(mutation_id, 'chairs', to_jsonb(c));
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
  prior := private.op_begin(mutation_id, 'chair.extendWarranty', args, 'CUSTOMER');
  if prior is not null then return prior; end if;

  v_chair := public.ops_arg_uuid(args, 'chairId', 'Chair must be a UUID');
  if v_chair is null then
    perform public.app_error('validation', 'Chair is required');
  end if;
  v_years := public.ops_arg_number(args, 'years', 'Extension must be 3 or 5 years');
  if v_years is null or v_years not in (3, 5) then
    perform public.app_error('validation', 'Extension must be 3 or 5 years');
  end if;
  v_years := trunc(v_years);

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

  return private.op_finish(mutation_id, 'chairs', to_jsonb(c));
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
  v_ids text[] := private.installation_checklist_item_ids();
  v_id uuid;
  v_chair uuid;
  v_customer uuid;
  v_checklist jsonb;
  v_customer_name text;
  v_signature_text text;
  v_signature_image text;
  v_notes text;
  v_now text := public.ops_iso_time(now());
  v_entry jsonb;
  c public.chairs%rowtype;
  i public.installations%rowtype;
begin
  prior := private.op_begin(mutation_id, 'installation.complete', args, 'ENGINEER');
  if prior is not null then return prior; end if;

  v_id := public.ops_arg_uuid(args, 'id', 'Installation id must be a UUID');
  if v_id is null then
    perform public.app_error('validation', 'Installation id is required');
  end if;
  v_chair := public.ops_arg_uuid(args, 'chairId', 'Chair must be a UUID');
  if v_chair is null then
    perform public.app_error('validation', 'Chair is required');
  end if;
  -- The owner the engineer verified (JSON null: no owner); left out, the owner is not checked.
  v_customer := public.ops_arg_uuid(args, 'customerUserId', 'Customer must be a UUID');
  v_checklist := args -> 'checklist';
  if jsonb_typeof(v_checklist) is distinct from 'object'
     or exists (select 1 from unnest(v_ids) as item(id) where v_checklist -> item.id is distinct from 'true'::jsonb)
  then
    perform public.app_error('validation', 'Every checklist item must be ticked');
  end if;
  v_customer_name := trim(public.ops_arg_text(args, 'customerName', 'Customer name must be text'));
  if coalesce(v_customer_name, '') = '' then
    perform public.app_error('validation', 'Customer name is required');
  end if;
  v_signature_text := public.ops_arg_text(args, 'signatureText', 'Signature must be text');
  if coalesce(trim(v_signature_text), '') = '' then
    perform public.app_error('validation', 'Signature is required');
  end if;
  v_signature_image := public.ops_arg_text(args, 'signatureImage', 'Signature image must be text');
  if v_signature_image is null or left(v_signature_image, 22) <> 'data:image/png;base64,' then
    perform public.app_error('validation', 'Please sign in the box');
  end if;
  if length(v_signature_image) > 300000 then
    perform public.app_error('validation', 'The signature image is too large');
  end if;
  v_notes := nullif(trim(public.ops_arg_text(args, 'notes', 'Notes must be text')), '');

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

  -- Only an IN_STOCK or DELIVERED chair of the installation's customer (or without owner) is
  -- installed (installationRefusal in src/domain/chairs.ts). Read under the row lock.
  select * into c from public.chairs ch where ch.id = v_chair for update;
  if not found then
    perform public.app_error('not_found', 'Chair not found');
  end if;
  if c.status not in ('IN_STOCK', 'DELIVERED') then
    perform public.app_error('conflict', 'Only a chair in stock or pending installation can be installed');
  end if;
  if args ? 'customerUserId' and c.owner_user_id is not null
     and c.owner_user_id is distinct from v_customer
  then
    perform public.app_error('conflict', 'This chair belongs to another customer');
  end if;

  -- History is appended to the locked row's current list, so concurrent entries all survive. A
  -- chair with an owner is now in service at their practice: REGISTERED, its warranty starting
  -- now if not yet activated; one without owner is DELIVERED (chairStatusAfterInstallation,
  -- warrantyAfterInstallation). The Installation entry takes it off every wizard's list.
  update public.chairs ch
     set service = coalesce(case when jsonb_typeof(ch.service) = 'object' then ch.service end, '{}'::jsonb)
           || jsonb_build_object(
                'lastServiceDate', v_now,
                'nextServiceDue', public.ops_iso_time(now() + interval '1 year'),
                'serviceHistory',
                  case when jsonb_typeof(ch.service -> 'serviceHistory') = 'array'
                       then ch.service -> 'serviceHistory' else '[]'::jsonb end
                  || jsonb_build_array(v_entry)
              ),
         status = case when ch.owner_user_id is not null then 'REGISTERED' else 'DELIVERED' end,
         warranty = case
           when ch.owner_user_id is not null
                and (jsonb_typeof(ch.warranty) is distinct from 'object'
                     or coalesce(ch.warranty ->> 'activatedAt', '') = '')
           then private.chair_new_warranty()
           else ch.warranty
         end
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
-- Privileges: helpers are internal; the operations are for signed-in users.
-- ---------------------------------------------------------------------------------------------
revoke all on function private.chair_new_warranty() from public, anon, authenticated;
revoke all on function private.installation_checklist_item_ids() from public, anon, authenticated;
revoke all on function private.chair_within_activation_window(timestamptz)
  from public, anon, authenticated;
grant execute on function private.chair_new_warranty() to service_role;
grant execute on function private.installation_checklist_item_ids() to service_role;
grant execute on function private.chair_within_activation_window(timestamptz) to service_role;

revoke all on function public.chair_register(uuid, jsonb) from public, anon;
revoke all on function public.chair_activate_warranty(uuid, jsonb) from public, anon;
revoke all on function public.chair_submit_test_sheet(uuid, jsonb) from public, anon;
revoke all on function public.chair_extend_warranty(uuid, jsonb) from public, anon;
revoke all on function public.installation_complete(uuid, jsonb) from public, anon;
revoke all on function public.chair_lookup_serial(text) from public, anon;
grant execute on function public.chair_register(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_activate_warranty(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_submit_test_sheet(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_extend_warranty(uuid, jsonb) to authenticated, service_role;
grant execute on function public.installation_complete(uuid, jsonb) to authenticated, service_role;
grant execute on function public.chair_lookup_serial(text) to authenticated, service_role;
