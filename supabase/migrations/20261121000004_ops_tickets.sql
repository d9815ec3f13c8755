-- Guarded operations for support tickets and service requests (Backend II). Every function follows
-- the contract in 20261121000003_mutation_ledger.sql: mutation_begin -> role and rule checks ->
-- change -> mutation_finish(result keyed by table name). Args are the camelCase shapes of
-- src/domain/mutations.ts.
--
-- Concurrency: each contended change states its intent in the UPDATE's WHERE (still unassigned,
-- caller still assigned, line not yet present), so two concurrent calls serialise on the row lock
-- and the loser sees 0 rows; the refusal is then explained from a fresh read of the row. Service
-- notes patches are merged inside the UPDATE expression, so concurrent patches of different fields
-- both survive under READ COMMITTED.

-- ---------------------------------------------------------------------------------------------
-- Internal helpers (defensive argument parsing; never raise on bad input).
-- ---------------------------------------------------------------------------------------------

-- A jsonb string holding a UUID, as uuid; NULL for anything else.
create or replace function public.ticketops_uuid(value jsonb) returns uuid
language sql
immutable
as $$
  select case
    when jsonb_typeof(value) = 'string'
     and (value #>> '{}') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (value #>> '{}')::uuid
  end
$$;

-- A jsonb string holding a calendar date YYYY-MM-DD, as date; NULL for anything else.
create or replace function public.ticketops_date(value jsonb) returns date
language plpgsql
stable
as $$
begin
  if jsonb_typeof(value) is distinct from 'string'
     or (value #>> '{}') !~ '^\d{4}-\d{2}-\d{2}$' then
    return null;
  end if;
  -- An impossible date such as 2026-02-30 raises here and reads as NULL.
  return (value #>> '{}')::date;
exception
  when others then
    return null;
end
$$;

-- A jsonb string holding a time HH:MM (00:00-23:59), as text; NULL for anything else.
create or replace function public.ticketops_hhmm(value jsonb) returns text
language sql
immutable
as $$
  select case
    when jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
    then value #>> '{}'
  end
$$;

-- True when an optional jsonb arg is absent: missing, JSON null or a blank string.
create or replace function public.ticketops_blank(value jsonb) returns boolean
language sql
immutable
as $$
  select value is null
      or jsonb_typeof(value) = 'null'
      or (jsonb_typeof(value) = 'string' and trim(value #>> '{}') = '')
$$;

-- The service_notes object of a row ('{}' when missing or not an object).
create or replace function public.ticketops_notes(notes jsonb) returns jsonb
language sql
immutable
as $$
  select case when jsonb_typeof(notes) = 'object' then notes else '{}'::jsonb end
$$;

-- Merges a validated notes patch into the stored notes: top-level keys overwrite, the
-- conditionReport object merges one level deeper. Called inside the UPDATE expression with the
-- row's current service_notes.
create or replace function public.ticketops_merge_notes(notes jsonb, top jsonb, condition_report jsonb)
returns jsonb
language sql
immutable
as $$
  select (public.ticketops_notes(notes) || top)
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
create or replace function public.ticketops_parts(notes jsonb) returns jsonb
language sql
immutable
as $$
  select case when jsonb_typeof(notes -> 'partsUsed') = 'array'
              then notes -> 'partsUsed' else '[]'::jsonb end
$$;

-- Now as an ISO-8601 UTC string, the shape of dates stored inside jsonb.
create or replace function public.ticketops_iso_now() returns jsonb
language sql
stable
as $$
  select to_jsonb(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;

-- The ticket id arg, or a validation error.
create or replace function public.ticketops_ticket_id(args jsonb) returns uuid
language plpgsql
stable
as $$
declare
  tid uuid := public.ticketops_uuid(args -> 'ticketId');
begin
  if tid is null then
    perform public.app_error('validation', 'A valid ticket id is required');
  end if;
  return tid;
end
$$;

-- The service request id arg, or a validation error.
create or replace function public.ticketops_request_id(args jsonb) returns uuid
language plpgsql
stable
as $$
declare
  sid uuid := public.ticketops_uuid(args -> 'serviceRequestId');
begin
  if sid is null then
    perform public.app_error('validation', 'A valid service request id is required');
  end if;
  return sid;
end
$$;

-- The engineer arg: an existing, non-deleted ENGINEER, else a validation error.
create or replace function public.ticketops_engineer(args jsonb) returns uuid
language plpgsql
stable
security definer
set search_path = public
as $$
declare
  eid uuid := public.ticketops_uuid(args -> 'engineerUserId');
begin
  if eid is null or not exists (
    select 1 from public.users u where u.id = eid and u.role = 'ENGINEER' and u.deleted_at is null
  ) then
    perform public.app_error('validation', 'Engineer not found');
  end if;
  return eid;
end
$$;

-- A readable status for messages: 'IN_PROGRESS' -> 'in progress'.
create or replace function public.ticketops_status_label(status text) returns text
language sql
immutable
as $$
  select lower(replace(status, '_', ' '))
$$;

-- Explains why a ticket op changed no row: not_found when the ticket does not exist, forbidden
-- when the caller may not work it. Returns the current row when the caller may (a no-op).
create or replace function public.ticketops_explain_ticket(tid uuid, caller_role text)
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
  prior := public.mutation_begin(mutation_id, 'ticket.create');
  if prior is not null then return prior; end if;
  perform public.require_role('CUSTOMER');

  new_id := public.ticketops_uuid(args -> 'id');
  if new_id is null then
    perform public.app_error('validation', 'A valid ticket id is required');
  end if;
  if jsonb_typeof(args -> 'title') = 'string' then
    title := trim(args ->> 'title');
  end if;
  if coalesce(title, '') = '' then
    perform public.app_error('validation', 'Title is required');
  end if;
  if jsonb_typeof(args -> 'description') = 'string' then
    description := trim(args ->> 'description');
  end if;
  if coalesce(length(description), 0) < 10 then
    perform public.app_error('validation', 'Description must be at least 10 characters');
  end if;
  if jsonb_typeof(args -> 'priority') = 'string' then
    priority := args ->> 'priority';
  end if;
  if priority is null or priority not in ('LOW', 'NORMAL', 'HIGH', 'URGENT') then
    perform public.app_error('validation', 'Priority is required');
  end if;
  if not public.ticketops_blank(args -> 'chairId') then
    chair := public.ticketops_uuid(args -> 'chairId');
    if chair is null or not exists (
      select 1 from public.chairs c where c.id = chair and c.owner_user_id = me
    ) then
      perform public.app_error('not_found', 'Chair not found');
    end if;
  end if;

  insert into public.support_tickets (id, title, description, status, priority, customer_user_id, chair_id)
  values (new_id, title, description, 'OPEN', priority, me, chair)
  on conflict (id) do nothing
  returning * into t;
  if not found then
    perform public.app_error('conflict', 'This ticket already exists');
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('support_tickets', jsonb_build_array(to_jsonb(t))));
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
  prior := public.mutation_begin(mutation_id, 'ticket.take');
  if prior is not null then return prior; end if;
  perform public.require_role('ENGINEER');
  tid := public.ticketops_ticket_id(args);

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
        'This ticket is already ' || public.ticketops_status_label(t.status));
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
  return public.mutation_finish(mutation_id, jsonb_build_object('support_tickets', jsonb_build_array(to_jsonb(t))));
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
  prior := public.mutation_begin(mutation_id, 'ticket.assign');
  if prior is not null then return prior; end if;
  perform public.require_role('VENDOR', 'ADMIN');
  tid := public.ticketops_ticket_id(args);
  eid := public.ticketops_engineer(args);

  update public.support_tickets
     set engineer_user_id = eid,
         status = case when status = 'OPEN' then 'IN_PROGRESS' else status end
   where id = tid
  returning * into t;
  if not found then
    perform public.app_error('not_found', 'Ticket not found');
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('support_tickets', jsonb_build_array(to_jsonb(t))));
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
  prior := public.mutation_begin(mutation_id, 'ticket.setStatus');
  if prior is not null then return prior; end if;
  r := public.require_role('ENGINEER', 'ADMIN');
  tid := public.ticketops_ticket_id(args);
  if jsonb_typeof(args -> 'status') = 'string' then
    new_status := args ->> 'status';
  end if;
  if new_status is null or new_status not in ('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED') then
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
  return public.mutation_finish(mutation_id, jsonb_build_object('support_tickets', jsonb_build_array(to_jsonb(t))));
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
  t public.support_tickets%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'ticket.updateServiceNotes');
  if prior is not null then return prior; end if;
  r := public.require_role('ENGINEER', 'ADMIN');
  tid := public.ticketops_ticket_id(args);
  patch := args -> 'patch';
  if jsonb_typeof(patch) is distinct from 'object' then
    perform public.app_error('validation', 'Service notes are required');
  end if;

  -- Only the known fields are taken; partsUsed and completedAt are never set by this op.
  foreach k in array array['workPerformed', 'damageDescription', 'followUpNotes'] loop
    if patch ? k then
      if jsonb_typeof(patch -> k) <> 'string' then
        perform public.app_error('validation', 'Service notes must be text');
      end if;
      top := top || jsonb_build_object(k, patch -> k);
    end if;
  end loop;
  if patch ? 'timeSpent' then
    if jsonb_typeof(patch -> 'timeSpent') <> 'number' or (patch ->> 'timeSpent')::numeric < 0 then
      perform public.app_error('validation', 'Time spent must be 0 or more');
    end if;
    top := top || jsonb_build_object('timeSpent', patch -> 'timeSpent');
  end if;
  if patch ? 'workType' then
    if jsonb_typeof(patch -> 'workType') <> 'string'
       or (patch ->> 'workType') not in ('WARRANTY', 'DAMAGE', 'OUT_OF_WARRANTY') then
      perform public.app_error('validation', 'Work type must be WARRANTY, DAMAGE or OUT_OF_WARRANTY');
    end if;
    top := top || jsonb_build_object('workType', patch -> 'workType');
  end if;
  if patch ? 'followUpRequired' then
    if jsonb_typeof(patch -> 'followUpRequired') <> 'boolean' then
      perform public.app_error('validation', 'Follow-up required must be true or false');
    end if;
    top := top || jsonb_build_object('followUpRequired', patch -> 'followUpRequired');
  end if;
  if patch ? 'conditionReport' then
    if jsonb_typeof(patch -> 'conditionReport') <> 'object' then
      perform public.app_error('validation', 'The condition report must be an object');
    end if;
    report := '{}'::jsonb;
    foreach k in array array['beforeService', 'afterService', 'recommendations'] loop
      if patch -> 'conditionReport' ? k then
        if jsonb_typeof(patch -> 'conditionReport' -> k) <> 'string' then
          perform public.app_error('validation', 'The condition report must be text');
        end if;
        report := report || jsonb_build_object(k, patch -> 'conditionReport' -> k);
      end if;
    end loop;
  end if;

  update public.support_tickets
     set service_notes = public.ticketops_merge_notes(service_notes, top, report)
   where id = tid and (r = 'ADMIN' or engineer_user_id is null or engineer_user_id = me)
  returning * into t;
  if not found then
    t := public.ticketops_explain_ticket(tid, r);
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('support_tickets', jsonb_build_array(to_jsonb(t))));
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
  qty integer := 1;
  cond text := 'NEW';
  p public.parts%rowtype;
  line jsonb;
  t public.support_tickets%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'ticket.addPart');
  if prior is not null then return prior; end if;
  r := public.require_role('ENGINEER', 'ADMIN');
  tid := public.ticketops_ticket_id(args);
  line_id := public.ticketops_uuid(args -> 'lineId');
  if line_id is null then
    perform public.app_error('validation', 'A valid part line id is required');
  end if;
  if public.ticketops_blank(args -> 'partId') then
    perform public.app_error('validation', 'Please select a part');
  end if;
  part_id := public.ticketops_uuid(args -> 'partId');
  if part_id is not null then
    select * into p from public.parts where id = part_id and deleted_at is null;
  end if;
  if part_id is null or p.id is null then
    perform public.app_error('not_found', 'Part not found');
  end if;
  -- SPEC §5: an invalid quantity becomes 1 (fractions are floored); a non-number is malformed.
  if jsonb_typeof(args -> 'quantity') = 'number' then
    if (args ->> 'quantity')::numeric >= 1 and (args ->> 'quantity')::numeric < 1000000 then
      qty := floor((args ->> 'quantity')::numeric)::integer;
    end if;
  elsif not public.ticketops_blank(args -> 'quantity') then
    perform public.app_error('validation', 'Quantity must be a whole number of at least 1');
  end if;
  if not public.ticketops_blank(args -> 'condition') then
    cond := args ->> 'condition';
    if jsonb_typeof(args -> 'condition') <> 'string' or cond not in ('NEW', 'REFURBISHED', 'USED') then
      perform public.app_error('validation', 'Condition must be NEW, REFURBISHED or USED');
    end if;
  end if;

  line := jsonb_build_object(
    'lineId', line_id, 'partId', p.id, 'partName', p.name, 'partCode', p.part_code,
    'price', p.price, 'quantity', qty, 'condition', cond);
  update public.support_tickets
     set service_notes = public.ticketops_notes(service_notes)
           || jsonb_build_object('partsUsed', public.ticketops_parts(service_notes) || jsonb_build_array(line))
   where id = tid
     and (r = 'ADMIN' or engineer_user_id is null or engineer_user_id = me)
     and not public.ticketops_parts(service_notes) @> jsonb_build_array(jsonb_build_object('lineId', line_id))
  returning * into t;
  if not found then
    -- Either refused, or the line is already there (the goal holds).
    t := public.ticketops_explain_ticket(tid, r);
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('support_tickets', jsonb_build_array(to_jsonb(t))));
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
  prior := public.mutation_begin(mutation_id, 'ticket.removePart');
  if prior is not null then return prior; end if;
  r := public.require_role('ENGINEER', 'ADMIN');
  tid := public.ticketops_ticket_id(args);
  line_id := public.ticketops_uuid(args -> 'lineId');
  if line_id is null then
    perform public.app_error('validation', 'A valid part line id is required');
  end if;

  update public.support_tickets
     set service_notes = public.ticketops_notes(service_notes) || jsonb_build_object(
           'partsUsed',
           coalesce((select jsonb_agg(e order by n)
                       from jsonb_array_elements(public.ticketops_parts(service_notes)) with ordinality as x(e, n)
                      where e ->> 'lineId' is distinct from line_id::text), '[]'::jsonb))
   where id = tid
     and (r = 'ADMIN' or engineer_user_id is null or engineer_user_id = me)
     and public.ticketops_parts(service_notes) @> jsonb_build_array(jsonb_build_object('lineId', line_id))
  returning * into t;
  if not found then
    t := public.ticketops_explain_ticket(tid, r);
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('support_tickets', jsonb_build_array(to_jsonb(t))));
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
  t public.support_tickets%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'ticket.resolve');
  if prior is not null then return prior; end if;
  r := public.require_role('ENGINEER', 'ADMIN');
  tid := public.ticketops_ticket_id(args);
  if jsonb_typeof(args -> 'resolution') = 'string' then
    res := trim(args ->> 'resolution');
  end if;
  if coalesce(res, '') = '' then
    perform public.app_error('validation', 'Please provide a resolution description');
  end if;

  update public.support_tickets
     set status = 'RESOLVED',
         resolution = res,
         engineer_user_id = case when engineer_user_id is null and r = 'ENGINEER' then me
                                 else engineer_user_id end,
         service_notes = public.ticketops_notes(service_notes)
           || jsonb_build_object('completedAt', public.ticketops_iso_now())
   where id = tid and (r = 'ADMIN' or engineer_user_id is null or engineer_user_id = me)
  returning * into t;
  if not found then
    t := public.ticketops_explain_ticket(tid, r);
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('support_tickets', jsonb_build_array(to_jsonb(t))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- serviceRequest.create (CUSTOMER): PENDING request for one of my chairs.
-- ---------------------------------------------------------------------------------------------
create or replace function public.service_request_create(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  new_id uuid;
  chair uuid;
  pdate date;
  ptime text;
  note text;
  s public.service_requests%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'serviceRequest.create');
  if prior is not null then return prior; end if;
  perform public.require_role('CUSTOMER');

  new_id := public.ticketops_uuid(args -> 'id');
  if new_id is null then
    perform public.app_error('validation', 'A valid service request id is required');
  end if;
  if public.ticketops_blank(args -> 'chairId') then
    perform public.app_error('validation', 'Please select a chair');
  end if;
  chair := public.ticketops_uuid(args -> 'chairId');
  if chair is null or not exists (
    select 1 from public.chairs c where c.id = chair and c.owner_user_id = me
  ) then
    perform public.app_error('not_found', 'Chair not found');
  end if;
  if public.ticketops_blank(args -> 'preferredDate') then
    perform public.app_error('validation', 'Preferred date is required');
  end if;
  pdate := public.ticketops_date(args -> 'preferredDate');
  if pdate is null then
    perform public.app_error('validation', 'Preferred date must be a date (YYYY-MM-DD)');
  end if;
  if pdate < current_date then
    perform public.app_error('validation', 'Preferred date cannot be in the past');
  end if;
  if public.ticketops_blank(args -> 'preferredTime') then
    perform public.app_error('validation', 'Preferred time is required');
  end if;
  ptime := public.ticketops_hhmm(args -> 'preferredTime');
  if ptime is null then
    perform public.app_error('validation', 'Preferred time must be a time (HH:MM)');
  end if;
  if not public.ticketops_blank(args -> 'notes') then
    if jsonb_typeof(args -> 'notes') <> 'string' then
      perform public.app_error('validation', 'Notes must be text');
    end if;
    note := args ->> 'notes';
  end if;

  insert into public.service_requests (id, customer_user_id, chair_id, preferred_date, preferred_time, notes, status)
  values (new_id, me, chair, pdate, ptime, note, 'PENDING')
  on conflict (id) do nothing
  returning * into s;
  if not found then
    perform public.app_error('conflict', 'This service request already exists');
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('service_requests', jsonb_build_array(to_jsonb(s))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- serviceRequest.take (ENGINEER): assign to me and SCHEDULE, only if still unassigned.
-- ---------------------------------------------------------------------------------------------
create or replace function public.service_request_take(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  sid uuid;
  s public.service_requests%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'serviceRequest.take');
  if prior is not null then return prior; end if;
  perform public.require_role('ENGINEER');
  sid := public.ticketops_request_id(args);

  -- The preferred date and time become the appointment, unless one was already scheduled.
  update public.service_requests
     set engineer_user_id = me,
         status = 'SCHEDULED',
         scheduled_date = case when status = 'SCHEDULED' and scheduled_date is not null
                               then scheduled_date else preferred_date end,
         scheduled_time = case when status = 'SCHEDULED' and scheduled_date is not null
                               then scheduled_time else preferred_time end,
         confirmed_at = now()
   where id = sid and engineer_user_id is null and status in ('PENDING', 'SCHEDULED')
  returning * into s;
  if not found then
    select * into s from public.service_requests where id = sid;
    if not found then
      perform public.app_error('not_found', 'Service request not found');
    end if;
    if s.engineer_user_id is not null and s.engineer_user_id <> me then
      perform public.app_error('conflict',
        'This service request has already been taken by ' || public.user_display_name(s.engineer_user_id));
    end if;
    if s.status in ('CANCELLED', 'COMPLETED') then
      perform public.app_error('conflict',
        'This service request is already ' || public.ticketops_status_label(s.status));
    end if;
    -- Already mine: the goal holds.
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('service_requests', jsonb_build_array(to_jsonb(s))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- serviceRequest.assign (VENDOR, ADMIN): set or change the engineer and SCHEDULE.
-- ---------------------------------------------------------------------------------------------
create or replace function public.service_request_assign(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  sid uuid;
  eid uuid;
  s public.service_requests%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'serviceRequest.assign');
  if prior is not null then return prior; end if;
  perform public.require_role('VENDOR', 'ADMIN');
  sid := public.ticketops_request_id(args);
  eid := public.ticketops_engineer(args);

  -- SPEC §4: preferred date and time are copied when both exist; an existing appointment stays.
  update public.service_requests
     set engineer_user_id = eid,
         status = 'SCHEDULED',
         scheduled_date = case
           when status = 'SCHEDULED' and scheduled_date is not null then scheduled_date
           when preferred_date is not null and preferred_time is not null then preferred_date
           else scheduled_date end,
         scheduled_time = case
           when status = 'SCHEDULED' and scheduled_date is not null then scheduled_time
           when preferred_date is not null and preferred_time is not null then preferred_time
           else scheduled_time end,
         confirmed_at = now()
   where id = sid and status in ('PENDING', 'SCHEDULED')
  returning * into s;
  if not found then
    select * into s from public.service_requests where id = sid;
    if not found then
      perform public.app_error('not_found', 'Service request not found');
    end if;
    perform public.app_error('conflict',
      'This service request is already ' || public.ticketops_status_label(s.status));
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('service_requests', jsonb_build_array(to_jsonb(s))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- serviceRequest.schedule (VENDOR, ADMIN, the assigned ENGINEER): set or change the appointment.
-- ---------------------------------------------------------------------------------------------
create or replace function public.service_request_schedule(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  r text;
  sid uuid;
  sdate date;
  stime text;
  s public.service_requests%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'serviceRequest.schedule');
  if prior is not null then return prior; end if;
  r := public.require_role('VENDOR', 'ADMIN', 'ENGINEER');
  sid := public.ticketops_request_id(args);
  if public.ticketops_blank(args -> 'scheduledDate') then
    perform public.app_error('validation', 'Scheduled date is required');
  end if;
  sdate := public.ticketops_date(args -> 'scheduledDate');
  if sdate is null then
    perform public.app_error('validation', 'Scheduled date must be a date (YYYY-MM-DD)');
  end if;
  if public.ticketops_blank(args -> 'scheduledTime') then
    perform public.app_error('validation', 'Scheduled time is required');
  end if;
  stime := public.ticketops_hhmm(args -> 'scheduledTime');
  if stime is null then
    perform public.app_error('validation', 'Scheduled time must be a time (HH:MM)');
  end if;

  update public.service_requests
     set scheduled_date = sdate,
         scheduled_time = stime,
         confirmed_at = now(),
         status = 'SCHEDULED'
   where id = sid
     and status in ('PENDING', 'SCHEDULED')
     and (r <> 'ENGINEER' or engineer_user_id = me)
  returning * into s;
  if not found then
    select * into s from public.service_requests where id = sid;
    if not found then
      perform public.app_error('not_found', 'Service request not found');
    end if;
    if r = 'ENGINEER' and s.engineer_user_id is distinct from me then
      perform public.app_error('forbidden', 'Only the assigned engineer can schedule this service request');
    end if;
    perform public.app_error('conflict',
      'This service request is already ' || public.ticketops_status_label(s.status));
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('service_requests', jsonb_build_array(to_jsonb(s))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- serviceRequest.cancel (owning CUSTOMER, VENDOR, ADMIN, the assigned ENGINEER).
-- ---------------------------------------------------------------------------------------------
create or replace function public.service_request_cancel(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  r text;
  sid uuid;
  reason text;
  s public.service_requests%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'serviceRequest.cancel');
  if prior is not null then return prior; end if;
  r := public.require_role('CUSTOMER', 'VENDOR', 'ADMIN', 'ENGINEER');
  sid := public.ticketops_request_id(args);
  if not public.ticketops_blank(args -> 'reason') then
    if jsonb_typeof(args -> 'reason') <> 'string' then
      perform public.app_error('validation', 'The cancellation reason must be text');
    end if;
    reason := trim(args ->> 'reason');
  end if;

  update public.service_requests
     set status = 'CANCELLED', cancellation_reason = reason
   where id = sid
     and status in ('PENDING', 'SCHEDULED')
     and (r in ('VENDOR', 'ADMIN')
          or (r = 'CUSTOMER' and customer_user_id = me)
          or (r = 'ENGINEER' and engineer_user_id = me))
  returning * into s;
  if not found then
    select * into s from public.service_requests where id = sid;
    if not found or (r = 'CUSTOMER' and s.customer_user_id is distinct from me) then
      perform public.app_error('not_found', 'Service request not found');
    end if;
    if r = 'ENGINEER' and s.engineer_user_id is distinct from me then
      perform public.app_error('forbidden', 'Only the assigned engineer can cancel this service request');
    end if;
    if s.status = 'COMPLETED' then
      perform public.app_error('conflict', 'A completed service request cannot be cancelled');
    end if;
    -- Already cancelled: the goal holds.
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('service_requests', jsonb_build_array(to_jsonb(s))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- serviceRequest.complete (the assigned ENGINEER, ADMIN): SCHEDULED -> COMPLETED.
-- ---------------------------------------------------------------------------------------------
create or replace function public.service_request_complete(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  me uuid := auth.uid();
  r text;
  sid uuid;
  s public.service_requests%rowtype;
begin
  prior := public.mutation_begin(mutation_id, 'serviceRequest.complete');
  if prior is not null then return prior; end if;
  r := public.require_role('ENGINEER', 'ADMIN');
  sid := public.ticketops_request_id(args);

  update public.service_requests
     set status = 'COMPLETED'
   where id = sid and status = 'SCHEDULED' and (r = 'ADMIN' or engineer_user_id = me)
  returning * into s;
  if not found then
    select * into s from public.service_requests where id = sid;
    if not found then
      perform public.app_error('not_found', 'Service request not found');
    end if;
    if r = 'ENGINEER' and s.engineer_user_id is distinct from me then
      perform public.app_error('forbidden', 'Only the assigned engineer can complete this service request');
    end if;
    if s.status = 'PENDING' then
      perform public.app_error('conflict', 'This service request is not scheduled yet');
    end if;
    perform public.app_error('conflict',
      'This service request is already ' || public.ticketops_status_label(s.status));
  end if;
  return public.mutation_finish(mutation_id, jsonb_build_object('service_requests', jsonb_build_array(to_jsonb(s))));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Privileges: helpers are internal; operations are for signed-in users (and the service role).
-- Hosted Supabase grants EXECUTE on new public functions to anon and authenticated by default,
-- so revoke from those roles explicitly too.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.ticketops_uuid(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_date(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_hhmm(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_blank(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_notes(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_merge_notes(jsonb, jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_parts(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_iso_now() from public, anon, authenticated;
revoke all on function public.ticketops_ticket_id(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_request_id(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_engineer(jsonb) from public, anon, authenticated;
revoke all on function public.ticketops_status_label(text) from public, anon, authenticated;
revoke all on function public.ticketops_explain_ticket(uuid, text) from public, anon, authenticated;

revoke all on function public.ticket_create(uuid, jsonb) from public, anon;
revoke all on function public.ticket_take(uuid, jsonb) from public, anon;
revoke all on function public.ticket_assign(uuid, jsonb) from public, anon;
revoke all on function public.ticket_set_status(uuid, jsonb) from public, anon;
revoke all on function public.ticket_update_service_notes(uuid, jsonb) from public, anon;
revoke all on function public.ticket_add_part(uuid, jsonb) from public, anon;
revoke all on function public.ticket_remove_part(uuid, jsonb) from public, anon;
revoke all on function public.ticket_resolve(uuid, jsonb) from public, anon;
revoke all on function public.service_request_create(uuid, jsonb) from public, anon;
revoke all on function public.service_request_take(uuid, jsonb) from public, anon;
revoke all on function public.service_request_assign(uuid, jsonb) from public, anon;
revoke all on function public.service_request_schedule(uuid, jsonb) from public, anon;
revoke all on function public.service_request_cancel(uuid, jsonb) from public, anon;
revoke all on function public.service_request_complete(uuid, jsonb) from public, anon;

grant execute on function public.ticket_create(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_take(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_assign(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_set_status(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_update_service_notes(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_add_part(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_remove_part(uuid, jsonb) to authenticated, service_role;
grant execute on function public.ticket_resolve(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_create(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_take(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_assign(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_schedule(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_cancel(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_complete(uuid, jsonb) to authenticated, service_role;
