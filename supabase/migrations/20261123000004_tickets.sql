-- Guarded operations on support tickets (Backend II). Every function follows the contract in
-- 20261123000003_mutation_ledger.sql: private.op_begin (ledger, role, args an object) -> args read
-- with the ops_arg_* helpers -> rule checks -> change -> private.op_finish (the changed row).
--
-- Concurrency: each contended change states its intent in the UPDATE's WHERE (still unassigned,
-- caller still assigned, line not yet present), so two concurrent calls serialise on the row lock
-- and the loser sees 0 rows; the refusal is then explained from a fresh read of the row. Service
-- notes patches are merged inside the UPDATE expression, so concurrent patches of different fields
-- both survive under READ COMMITTED.

-- ---------------------------------------------------------------------------------------------
-- Service notes helpers (internal).
-- ---------------------------------------------------------------------------------------------

-- The service_notes object of a row ('{}' when missing or not an object).
create or replace function private.ticket_notes_object(notes jsonb) returns jsonb
language sql
immutable
as $$
  select case when jsonb_typeof(notes) = 'object' then notes else '{}'::jsonb end
$$;

-- Merges a validated notes patch into the stored notes: top-level keys overwrite, the
-- conditionReport object merges one level deeper. Called inside the UPDATE expression with the
-- row's current service_notes. STABLE, as jsonb_build_object is: a SQL function declared more
-- immutable than its body is never inlined, and is then planned again on every call.
create or replace function private.ticket_notes_merge(notes jsonb, top jsonb, condition_report jsonb)
returns jsonb
language sql
stable
as $$
  select (private.ticket_notes_object(notes) || top)
    || case
         when condition_report is null then '{}'::jsonb
         else jsonb_build_object(
           'conditionReport',
           case when jsonb_typeof(notes -> 'conditionReport') = 'object'
                then notes -> 'conditionReport' else '{}'::jsonb end
             || condition_report)
       end
$$;

-- The partsUsed array of stored notes ('[]' when missing or not an array).
create or replace function private.ticket_notes_parts(notes jsonb) returns jsonb
language sql
immutable
as $$
  select case when jsonb_typeof(notes -> 'partsUsed') = 'array'
              then notes -> 'partsUsed' else '[]'::jsonb end
$$;

-- Explains why a ticket op changed no row: not_found when the ticket does not exist, forbidden
-- when the caller may not work it. Returns the current row when the caller may (a no-op).
create or replace function private.ticket_explain_refusal(tid uuid, caller_role text)
returns public.support_tickets
language plpgsql
stable
security definer
set search_path = public
as $$
declare
  t public.support_tickets%rowtype;
begin
  select * into t from public.support_tickets where id = tid;
  if not found then
    perform public.app_error('not_found', 'Ticket not found');
  end if;
  if caller_role <> 'ADMIN' and t.engineer_user_id is not null and t.engineer_user_id <> auth.uid() then
    perform public.app_error('forbidden', 'This ticket is assigned to another engineer');
  end if;
  return t;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- ticket.create (CUSTOMER)
-- ---------------------------------------------------------------------------------------------
create or replace function public.ticket_create(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  new_id uuid;
  title text;
  description text;
  priority text;
  chair uuid;
  t public.support_tickets%rowtype;
begin
  prior := private.op_begin(mutation_id, 'ticket.create', args, 'CUSTOMER');
  if prior is not null then return prior; end if;

  new_id := public.ops_arg_required_uuid(args, 'id', 'A valid ticket id is required');
  title := trim(public.ops_arg_text(args, 'title', 'Title is required'));
  if coalesce(title, '') = '' then
    perform public.app_error('validation', 'Title is required');
  end if;
  description := trim(public.ops_arg_text(args, 'description',
    'Description must be at least 10 characters'));
  if coalesce(length(description), 0) < 10 then
    perform public.app_error('validation', 'Description must be at least 10 characters');
  end if;
  priority := public.ops_arg_enum(args, 'priority', array['LOW', 'NORMAL', 'HIGH', 'URGENT'],
    'Priority is required');
  if priority is null then
    perform public.app_error('validation', 'Priority is required');
  end if;
  -- Optional; a malformed id is answered like a chair that is not the caller's.
  chair := public.ops_arg_uuid(args, 'chairId', 'Chair not found', 'not_found');
  if chair is not null and not exists (
    select 1 from public.chairs c where c.id = chair and c.owner_user_id = me
  ) then
    perform public.app_error('not_found', 'Chair not found');
  end if;

  insert into public.support_tickets (id, title, description, status, priority, customer_user_id, chair_id)
  values (new_id, title, description, 'OPEN', priority, me, chair)
  on conflict (id) do nothing
  returning * into t;
  if not found then
    perform public.app_error('conflict', 'This ticket already exists');
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- ticket.take (ENGINEER): assign to me and set IN_PROGRESS, only if still unassigned.
-- ---------------------------------------------------------------------------------------------
create or replace function public.ticket_take(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  tid uuid;
  t public.support_tickets%rowtype;
begin
  prior := private.op_begin(mutation_id, 'ticket.take', args, 'ENGINEER');
  if prior is not null then return prior; end if;
  tid := public.ops_arg_required_uuid(args, 'ticketId', 'A valid ticket id is required');

  update public.support_tickets
     set engineer_user_id = me, status = 'IN_PROGRESS'
   where id = tid and engineer_user_id is null and status in ('OPEN', 'IN_PROGRESS')
  returning * into t;
  if not found then
    select * into t from public.support_tickets where id = tid;
    if not found then
      perform public.app_error('not_found', 'Ticket not found');
    end if;
    if t.engineer_user_id is not null and t.engineer_user_id <> me then
      perform public.app_error('conflict',
        'This ticket has already been taken by ' || public.user_display_name(t.engineer_user_id));
    end if;
    if t.engineer_user_id is null then
      perform public.app_error('conflict',
        'This ticket is already ' || public.ops_status_label(t.status));
    end if;
    -- Already mine: the goal holds; an OPEN ticket still moves to IN_PROGRESS.
    if t.status = 'OPEN' then
      update public.support_tickets set status = 'IN_PROGRESS'
       where id = tid and engineer_user_id = me and status = 'OPEN'
      returning * into t;
      if not found then
        select * into t from public.support_tickets where id = tid;
      end if;
    end if;
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- ticket.assign (VENDOR, ADMIN): set or change the engineer; OPEN moves to IN_PROGRESS.
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
   where id = tid
  returning * into t;
  if not found then
    perform public.app_error('not_found', 'Ticket not found');
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- ticket.setStatus (the assigned ENGINEER, ADMIN): any of the four statuses.
-- ---------------------------------------------------------------------------------------------
create or replace function public.ticket_set_status(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  r text;
  tid uuid;
  new_status text;
  t public.support_tickets%rowtype;
begin
  prior := private.op_begin(mutation_id, 'ticket.setStatus', args, 'ENGINEER', 'ADMIN');
  if prior is not null then return prior; end if;
  r := public.current_user_role();
  tid := public.ops_arg_required_uuid(args, 'ticketId', 'A valid ticket id is required');
  new_status := public.ops_arg_enum(args, 'status', array['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'],
    'Status must be OPEN, IN_PROGRESS, RESOLVED or CLOSED');
  if new_status is null then
    perform public.app_error('validation', 'Status must be OPEN, IN_PROGRESS, RESOLVED or CLOSED');
  end if;

  update public.support_tickets
     set status = new_status
   where id = tid and (r = 'ADMIN' or engineer_user_id = me)
  returning * into t;
  if not found then
    if not exists (select 1 from public.support_tickets where id = tid) then
      perform public.app_error('not_found', 'Ticket not found');
    end if;
    perform public.app_error('forbidden', 'Only the assigned engineer can change the status');
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- ticket.updateServiceNotes (assigned ENGINEER or unassigned ticket; ADMIN): per-field patch.
-- ---------------------------------------------------------------------------------------------
create or replace function public.ticket_update_service_notes(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  r text;
  tid uuid;
  patch jsonb;
  top jsonb := '{}'::jsonb;
  report jsonb;
  k text;
  time_spent numeric;
  work_type text;
  t public.support_tickets%rowtype;
begin
  prior := private.op_begin(mutation_id, 'ticket.updateServiceNotes', args, 'ENGINEER', 'ADMIN');
  if prior is not null then return prior; end if;
  r := public.current_user_role();
  tid := public.ops_arg_required_uuid(args, 'ticketId', 'A valid ticket id is required');
  patch := args -> 'patch';
  if jsonb_typeof(patch) is distinct from 'object' then
    perform public.app_error('validation', 'Service notes are required');
  end if;

  -- partsUsed and completedAt are never set by this op.
  -- Only the known fields are taken, each only when the patch names it (then it must be valid).
  foreach k in array array['workPerformed', 'damageDescription', 'followUpNotes'] loop
    if patch ? k then
      top := top || jsonb_build_object(k,
        public.ops_arg_required_text(patch, k, 'Service notes must be text'));
    end if;
  end loop;
  if patch ? 'timeSpent' then
    time_spent := public.ops_arg_number(patch, 'timeSpent', 'Time spent must be 0 or more');
    if time_spent is null or time_spent < 0 then
      perform public.app_error('validation', 'Time spent must be 0 or more');
    end if;
    top := top || jsonb_build_object('timeSpent', patch -> 'timeSpent');
  end if;
  if patch ? 'workType' then
    work_type := public.ops_arg_enum(patch, 'workType', array['WARRANTY', 'DAMAGE', 'OUT_OF_WARRANTY'],
      'Work type must be WARRANTY, DAMAGE or OUT_OF_WARRANTY');
    if work_type is null then
      perform public.app_error('validation', 'Work type must be WARRANTY, DAMAGE or OUT_OF_WARRANTY');
    end if;
    top := top || jsonb_build_object('workType', work_type);
  end if;
  if patch ? 'followUpRequired' then
    top := top || jsonb_build_object('followUpRequired',
      public.ops_arg_required_bool(patch, 'followUpRequired', 'Follow-up required must be true or false'));
  end if;
  if patch ? 'conditionReport' then
    if jsonb_typeof(patch -> 'conditionReport') <> 'object' then
      perform public.app_error('validation', 'The condition report must be an object');
    end if;
    report := '{}'::jsonb;
    foreach k in array array['beforeService', 'afterService', 'recommendations'] loop
      if patch -> 'conditionReport' ? k then
        report := report || jsonb_build_object(k,
          public.ops_arg_required_text(patch -> 'conditionReport', k, 'The condition report must be text'));
      end if;
    end loop;
  end if;

  update public.support_tickets
     set service_notes = private.ticket_notes_merge(service_notes, top, report)
   where id = tid and (r = 'ADMIN' or engineer_user_id is null or engineer_user_id = me)
  returning * into t;
  if not found then
    t := private.ticket_explain_refusal(tid, r);
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- ticket.addPart (as notes): append a partsUsed line; the same lineId twice is a no-op.
-- ---------------------------------------------------------------------------------------------
create or replace function public.ticket_add_part(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  r text;
  tid uuid;
  line_id uuid;
  part_id uuid;
  quantity numeric;
  qty integer := 1;
  cond text := 'NEW';
  p public.parts%rowtype;
  line jsonb;
  t public.support_tickets%rowtype;
begin
  prior := private.op_begin(mutation_id, 'ticket.addPart', args, 'ENGINEER', 'ADMIN');
  if prior is not null then return prior; end if;
  r := public.current_user_role();
  tid := public.ops_arg_required_uuid(args, 'ticketId', 'A valid ticket id is required');
  line_id := public.ops_arg_required_uuid(args, 'lineId', 'A valid part line id is required');
  -- A malformed part id is answered like an unknown part.
  part_id := public.ops_arg_uuid(args, 'partId', 'Part not found', 'not_found');
  if part_id is null then
    perform public.app_error('validation', 'Please select a part');
  end if;
  select * into p from public.parts where id = part_id and deleted_at is null;
  if not found then
    perform public.app_error('not_found', 'Part not found');
  end if;
  -- SPEC §5: an invalid quantity becomes 1 (fractions are floored); a non-number is malformed.
  quantity := public.ops_arg_number(args, 'quantity', 'Quantity must be a whole number of at least 1');
  if quantity >= 1 and quantity < 1000000 then
    qty := floor(quantity)::integer;
  end if;
  cond := coalesce(public.ops_arg_enum(args, 'condition', array['NEW', 'REFURBISHED', 'USED'],
    'Condition must be NEW, REFURBISHED or USED'), 'NEW');

  line := jsonb_build_object(
    'lineId', line_id, 'partId', p.id, 'partName', p.name, 'partCode', p.part_code,
    'price', p.price, 'quantity', qty, 'condition', cond);
  update public.support_tickets
     set service_notes = private.ticket_notes_object(service_notes)
           || jsonb_build_object('partsUsed', private.ticket_notes_parts(service_notes) || jsonb_build_array(line))
   where id = tid
     and (r = 'ADMIN' or engineer_user_id is null or engineer_user_id = me)
     and not private.ticket_notes_parts(service_notes) @> jsonb_build_array(jsonb_build_object('lineId', line_id))
  returning * into t;
  if not found then
    -- Either refused, or the line is already there (the goal holds).
    t := private.ticket_explain_refusal(tid, r);
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- ticket.removePart (as notes): drop the line; a missing line is a no-op.
-- ---------------------------------------------------------------------------------------------
create or replace function public.ticket_remove_part(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  r text;
  tid uuid;
  line_id uuid;
  t public.support_tickets%rowtype;
begin
  prior := private.op_begin(mutation_id, 'ticket.removePart', args, 'ENGINEER', 'ADMIN');
  if prior is not null then return prior; end if;
  r := public.current_user_role();
  tid := public.ops_arg_required_uuid(args, 'ticketId', 'A valid ticket id is required');
  line_id := public.ops_arg_required_uuid(args, 'lineId', 'A valid part line id is required');

  update public.support_tickets
     set service_notes = private.ticket_notes_object(service_notes) || jsonb_build_object(
           'partsUsed',
           coalesce((select jsonb_agg(e order by n)
                       from jsonb_array_elements(private.ticket_notes_parts(service_notes)) with ordinality as x(e, n)
                      where e ->> 'lineId' is distinct from line_id::text), '[]'::jsonb))
   where id = tid
     and (r = 'ADMIN' or engineer_user_id is null or engineer_user_id = me)
     and private.ticket_notes_parts(service_notes) @> jsonb_build_array(jsonb_build_object('lineId', line_id))
  returning * into t;
  if not found then
    t := private.ticket_explain_refusal(tid, r);
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- ticket.resolve (as notes): RESOLVED with the resolution; completedAt now; an unassigned ticket
-- goes to the resolving engineer.
-- ---------------------------------------------------------------------------------------------
create or replace function public.ticket_resolve(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  r text;
  tid uuid;
  res text;
  sign_off jsonb := '{}'::jsonb;
  signer text;
  signature text;
  t public.support_tickets%rowtype;
begin
  prior := private.op_begin(mutation_id, 'ticket.resolve', args, 'ENGINEER', 'ADMIN');
  if prior is not null then return prior; end if;
  r := public.current_user_role();
  tid := public.ops_arg_required_uuid(args, 'ticketId', 'A valid ticket id is required');
  res := trim(public.ops_arg_text(args, 'resolution', 'Please provide a resolution description'));
  if coalesce(res, '') = '' then
    perform public.app_error('validation', 'Please provide a resolution description');
  end if;
  -- The customer's acceptance for the service report (optional): name and drawn signature.
  if not public.ops_arg_blank(args, 'signOff') then
    perform public.ops_arg_object(args -> 'signOff');
    signer := trim(public.ops_arg_text(args -> 'signOff', 'customerName', 'Customer name must be text'));
    if coalesce(signer, '') = '' then
      perform public.app_error('validation', 'Customer name is required');
    end if;
    signature := public.ops_arg_text(args -> 'signOff', 'signatureImage', 'Signature image must be text');
    if signature is null or left(signature, 22) <> 'data:image/png;base64,' then
      perform public.app_error('validation', 'Please sign in the box');
    end if;
    if length(signature) > 300000 then
      perform public.app_error('validation', 'The signature image is too large');
    end if;
    sign_off := jsonb_build_object('signOff', jsonb_build_object(
      'customerName', signer, 'signatureImage', signature,
      'signedAt', to_jsonb(public.ops_iso_time(now()))));
  end if;

  update public.support_tickets
     set status = 'RESOLVED',
         resolution = res,
         engineer_user_id = case when engineer_user_id is null and r = 'ENGINEER' then me
                                 else engineer_user_id end,
         service_notes = private.ticket_notes_object(service_notes)
           || jsonb_build_object('completedAt', to_jsonb(public.ops_iso_time(now())))
           || sign_off
   where id = tid and (r = 'ADMIN' or engineer_user_id is null or engineer_user_id = me)
     and status <> 'CLOSED'
  returning * into t;
  if not found then
    t := private.ticket_explain_refusal(tid, r);
    -- A CLOSED ticket is finished for everyone (resolveTicketRefusal in src/domain/tickets.ts).
    if t.status = 'CLOSED' then
      perform public.app_error('conflict', 'This ticket is closed and cannot be resolved');
    end if;
  end if;
  return private.op_finish(mutation_id, 'support_tickets', to_jsonb(t));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Privileges: helpers are internal; operations are for signed-in users (and the service role).
-- Hosted Supabase grants EXECUTE on new public functions to anon and authenticated by default,
-- so revoke from those roles explicitly too.
-- ---------------------------------------------------------------------------------------------
revoke all on function private.ticket_notes_object(jsonb) from public, anon, authenticated;
revoke all on function private.ticket_notes_merge(jsonb, jsonb, jsonb) from public, anon, authenticated;
revoke all on function private.ticket_notes_parts(jsonb) from public, anon, authenticated;
revoke all on function private.ticket_explain_refusal(uuid, text) from public, anon, authenticated;
grant execute on function private.ticket_notes_object(jsonb) to service_role;
grant execute on function private.ticket_notes_merge(jsonb, jsonb, jsonb) to service_role;
grant execute on function private.ticket_notes_parts(jsonb) to service_role;
grant execute on function private.ticket_explain_refusal(uuid, text) to service_role;

revoke all on function public.ticket_create(uuid, jsonb) from public, anon;
revoke all on function public.ticket_take(uuid, jsonb) from public, anon;
revoke all on function public.ticket_assign(uuid, jsonb) from public, anon;
revoke all on function public.ticket_set_status(uuid, jsonb) from public, anon;
revoke all on function public.ticket_update_service_notes(uuid, jsonb) from public, anon;
revoke all on function public.ticket_add_part(uuid, jsonb) from public, anon;
revoke all on function public.ticket_remove_part(uuid, jsonb) from public, anon;
revoke all on function public.ticket_resolve(uuid, jsonb) from public, anon;

grant execute on function public.ticket_create(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_take(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_assign(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_set_status(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_update_service_notes(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_add_part(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_remove_part(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_resolve(uuid, jsonb) to authenticated, service_role;
