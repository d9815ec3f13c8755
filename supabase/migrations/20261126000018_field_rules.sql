-- The field findings of issue 29: rules the first release got wrong in the field. Each function
-- here replaces the whole earlier definition (migrations-shape.test.ts); the client's copy of
-- each rule is in src/domain, and tests/integration/mutation-parity.test.ts holds them together.

-- ---------------------------------------------------------------------------------------------
-- ticket.assign (VENDOR, ADMIN): a RESOLVED or CLOSED ticket is finished work, credited to the
-- engineer who did it. Assigning it handed the credit to someone else (issue 29, point 4);
-- reopening is the assigned engineer's explicit step (ticket.setStatus). assignTicketRefusal in
-- src/domain/tickets.ts.
-- ---------------------------------------------------------------------------------------------
create or replace function public.ticket_assign(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  tid uuid;
  eid uuid;
  t public.support_tickets%rowtype;
begin
  prior := private.op_begin(mutation_id, 'ticket.assign', args, 'VENDOR', 'ADMIN');
  if prior is not null then return prior; end if;
  tid := public.ops_arg_required_uuid(args, 'ticketId', 'A valid ticket id is required');
  eid := public.ops_arg_engineer(args, 'engineerUserId');

  update public.support_tickets
     set engineer_user_id = eid,
         status = case when status = 'OPEN' then 'IN_PROGRESS' else status end
   where id = tid and status in ('OPEN', 'IN_PROGRESS')
  returning * into t;
  if not found then
    select * into t from public.support_tickets where id = tid;
    if not found then
      perform public.app_error('not_found', 'Ticket not found');
    end if;
    perform public.app_error('conflict',
      'This ticket is already ' || lower(replace(t.status, '_', ' ')));
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- A passing test sheet confirms the warranty when it is activated (issue 29, point 1). A sheet
-- submitted on a delivered chair whose warranty was never activated confirmed a warranty that did
-- not run ('Not Activated' yet counted as confirmed); activating it afterwards started it again
-- unconfirmed, with the sheet on file and no way to submit another. Now a sheet confirms only an
-- activated warranty (warrantyAfterTestSheet in src/domain/warranty.ts), and a registration,
-- an activation or an installation that starts the warranty confirms it at once when a passing
-- sheet is on file (newWarranty).
-- ---------------------------------------------------------------------------------------------

-- The warranty a registration, activation or installation starts: chair_new_warranty's,
-- confirmed when the chair's test sheet on file passed all four checks.
create or replace function private.chair_warranty_started(sheet jsonb) returns jsonb
language sql
stable
as $$
  select private.chair_new_warranty() || jsonb_build_object(
    'confirmed',
    coalesce(
      jsonb_typeof(sheet) = 'object'
        and sheet -> 'partsArrived' = 'true'::jsonb
        and sheet -> 'powersOn' = 'true'::jsonb
        and sheet -> 'movementOK' = 'true'::jsonb
        and sheet -> 'waterAirOK' = 'true'::jsonb,
      false
    )
  )
$$;

revoke all on function private.chair_warranty_started(jsonb) from public, anon, authenticated;
grant execute on function private.chair_warranty_started(jsonb) to service_role;

-- chair.register (CUSTOMER): as before; the warranty it starts is confirmed by a passing sheet.
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
         warranty = private.chair_warranty_started(ch.test_sheet)
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

-- chair.activateWarranty (CUSTOMER): as before; the warranty it starts is confirmed by a passing
-- sheet on file.
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
         warranty = private.chair_warranty_started(ch.test_sheet)
   where ch.serial_number = v_serial and ch.status in ('IN_STOCK', 'DELIVERED')
  returning ch.* into c;
  if not found then
    perform public.app_error('not_found', 'Serial number not found in inventory');
  end if;

  return private.op_finish(mutation_id, 'chairs', to_jsonb(c));
end
$$;

-- chair.submitTestSheet (owner CUSTOMER): as before, but all four checks confirm the warranty only
-- once it is activated; before, the sheet is on file and confirms it at activation.
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
           when v_all_passed and coalesce(ch.warranty ->> 'activatedAt', '') <> '' then
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

-- installation.complete (ENGINEER): as before; a warranty it starts is confirmed by a passing
-- sheet on file.
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
           then private.chair_warranty_started(ch.test_sheet)
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
-- When a ticket was resolved (issue 29, point 4). SPEC §9 reads an engineer's resolution time
-- from creation to the last update, which any later edit moves: reassigning one closed ticket
-- and putting it back took an engineer's average from 20 h to 1,018.5 h. resolved_at is stamped
-- by the database when a ticket enters RESOLVED or CLOSED from OPEN or IN_PROGRESS, kept while it
-- stays resolved (RESOLVED to CLOSED, a new resolution text, an edit of its notes) whatever a
-- client sends, and cleared when it is reopened; the figures read created_at to resolved_at
-- (averageResolutionHours in src/domain/metrics.ts, resolvedAtAfter in src/domain/tickets.ts).
-- ---------------------------------------------------------------------------------------------
alter table public.support_tickets add column resolved_at timestamptz;

create or replace function private.stamp_ticket_resolved() returns trigger
language plpgsql
as $$
begin
  if new.status not in ('RESOLVED', 'CLOSED') then
    new.resolved_at := null;
  elsif tg_op = 'INSERT' then
    -- A row inserted resolved (demo data, an import) says when; else it is resolved now.
    new.resolved_at := coalesce(new.resolved_at, new.updated_at, clock_timestamp());
  elsif old.status in ('RESOLVED', 'CLOSED') then
    new.resolved_at := coalesce(old.resolved_at, old.updated_at);
  else
    new.resolved_at := clock_timestamp();
  end if;
  return new;
end
$$;

revoke all on function private.stamp_ticket_resolved() from public, anon, authenticated;

create trigger support_tickets_stamp_resolved before insert or update on public.support_tickets
  for each row execute function private.stamp_ticket_resolved();

-- Tickets resolved before the stamp existed: their last update is the best record there is. The
-- update moves their updated_at, so every device pulls them again with the stamp.
update public.support_tickets
   set resolved_at = updated_at
 where status in ('RESOLVED', 'CLOSED') and resolved_at is null;
