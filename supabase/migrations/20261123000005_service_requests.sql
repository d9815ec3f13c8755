-- Guarded operations on service requests (Backend II). Every function follows the contract in
-- 20261123000003_mutation_ledger.sql: private.op_begin (ledger, role, args an object) -> args read
-- with the ops_arg_* helpers -> rule checks -> change -> private.op_finish (the changed row).
--
-- Concurrency: each contended change states its intent in the UPDATE's WHERE (still unassigned,
-- caller still assigned, still PENDING or SCHEDULED), so two concurrent calls serialise on the
-- row lock and the loser sees 0 rows; the refusal is then explained from a fresh read of the row.

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
  prior := private.op_begin(mutation_id, 'serviceRequest.create', args, 'CUSTOMER');
  if prior is not null then return prior; end if;

  new_id := public.ops_arg_required_uuid(args, 'id', 'A valid service request id is required');
  -- A malformed chair id is answered like a chair that is not the caller's.
  chair := public.ops_arg_uuid(args, 'chairId', 'Chair not found', 'not_found');
  if chair is null then
    perform public.app_error('validation', 'Please select a chair');
  end if;
  if not exists (select 1 from public.chairs c where c.id = chair and c.owner_user_id = me) then
    perform public.app_error('not_found', 'Chair not found');
  end if;
  pdate := public.ops_arg_date(args, 'preferredDate', 'Preferred date must be a date (YYYY-MM-DD)');
  if pdate is null then
    perform public.app_error('validation', 'Preferred date is required');
  end if;
  if pdate < current_date then
    perform public.app_error('validation', 'Preferred date cannot be in the past');
  end if;
  ptime := public.ops_arg_time(args, 'preferredTime', 'Preferred time must be a time (HH:MM)');
  if ptime is null then
    perform public.app_error('validation', 'Preferred time is required');
  end if;
  -- Stored as sent; blank notes are no notes.
  note := public.ops_arg_text(args, 'notes', 'Notes must be text');
  if trim(note) = '' then
    note := null;
  end if;

  insert into public.service_requests (id, customer_user_id, chair_id, preferred_date, preferred_time, notes, status)
  values (new_id, me, chair, pdate, ptime, note, 'PENDING')
  on conflict (id) do nothing
  returning * into s;
  if not found then
    perform public.app_error('conflict', 'This service request already exists');
  end if;
  return private.op_finish(mutation_id, 'service_requests', to_jsonb(s));
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
  prior := private.op_begin(mutation_id, 'serviceRequest.take', args, 'ENGINEER');
  if prior is not null then return prior; end if;
  sid := public.ops_arg_required_uuid(args, 'serviceRequestId', 'A valid service request id is required');

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
        'This service request is already ' || public.ops_status_label(s.status));
    end if;
    -- Already mine: the goal holds.
  end if;
  return private.op_finish(mutation_id, 'service_requests', to_jsonb(s));
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
  prior := private.op_begin(mutation_id, 'serviceRequest.assign', args, 'VENDOR', 'ADMIN');
  if prior is not null then return prior; end if;
  sid := public.ops_arg_required_uuid(args, 'serviceRequestId', 'A valid service request id is required');
  eid := public.ops_arg_engineer(args, 'engineerUserId');

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
      'This service request is already ' || public.ops_status_label(s.status));
  end if;
  return private.op_finish(mutation_id, 'service_requests', to_jsonb(s));
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
  prior := private.op_begin(mutation_id, 'serviceRequest.schedule', args, 'VENDOR', 'ADMIN', 'ENGINEER');
  if prior is not null then return prior; end if;
  r := public.current_user_role();
  sid := public.ops_arg_required_uuid(args, 'serviceRequestId', 'A valid service request id is required');
  sdate := public.ops_arg_date(args, 'scheduledDate', 'Scheduled date must be a date (YYYY-MM-DD)');
  if sdate is null then
    perform public.app_error('validation', 'Scheduled date is required');
  end if;
  stime := public.ops_arg_time(args, 'scheduledTime', 'Scheduled time must be a time (HH:MM)');
  if stime is null then
    perform public.app_error('validation', 'Scheduled time is required');
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
      'This service request is already ' || public.ops_status_label(s.status));
  end if;
  return private.op_finish(mutation_id, 'service_requests', to_jsonb(s));
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
  prior := private.op_begin(mutation_id, 'serviceRequest.cancel', args, 'CUSTOMER', 'VENDOR', 'ADMIN', 'ENGINEER');
  if prior is not null then return prior; end if;
  r := public.current_user_role();
  sid := public.ops_arg_required_uuid(args, 'serviceRequestId', 'A valid service request id is required');
  reason := nullif(trim(public.ops_arg_text(args, 'reason', 'The cancellation reason must be text')), '');

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
  return private.op_finish(mutation_id, 'service_requests', to_jsonb(s));
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
  prior := private.op_begin(mutation_id, 'serviceRequest.complete', args, 'ENGINEER', 'ADMIN');
  if prior is not null then return prior; end if;
  r := public.current_user_role();
  sid := public.ops_arg_required_uuid(args, 'serviceRequestId', 'A valid service request id is required');

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
      'This service request is already ' || public.ops_status_label(s.status));
  end if;
  return private.op_finish(mutation_id, 'service_requests', to_jsonb(s));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Privileges: for signed-in users (and the service role); anon never.
-- ---------------------------------------------------------------------------------------------
revoke all on function public.service_request_create(uuid, jsonb) from public, anon;
revoke all on function public.service_request_take(uuid, jsonb) from public, anon;
revoke all on function public.service_request_assign(uuid, jsonb) from public, anon;
revoke all on function public.service_request_schedule(uuid, jsonb) from public, anon;
revoke all on function public.service_request_cancel(uuid, jsonb) from public, anon;
revoke all on function public.service_request_complete(uuid, jsonb) from public, anon;

grant execute on function public.service_request_create(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_take(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_assign(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_schedule(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_cancel(uuid, jsonb) to authenticated, service_role;
grant execute on function public.service_request_complete(uuid, jsonb) to authenticated, service_role;
