-- The schedule board's due chairs (issue 45): "chairs whose yearly inspection falls due within the
-- shown days with no request yet", booked by a dispatcher in one drop.
--
-- 1. What a vendor reads. Until now a vendor read only the chairs on tickets or service requests
--    (migration 0002), so a chair due for its inspection with no request was never on their
--    device. A vendor now also reads the chairs registered to a customer that have a next service
--    date: what the queue's rule (src/domain/schedule-queue.ts, isInspectionDue) is asked about,
--    and nothing of the stock (no owner) nor of chairs no inspection is planned for. The policy
--    is not "due within N days": a row that comes into view as the days pass, without a change of
--    its own, would never reach a device (the pull reads rows by their (updated_at, id) cursor);
--    ownership and the due date change only with the row, and a change of owner is a departure
--    (migration 0011). The owner's practice name and address, which the coverage warning reads,
--    come as before with the customers' cards (public.vendor_customer_cards, migration 0023). An
--    admin reads every chair already.
--
-- 2. public.service_request_book (serviceRequest.book; VENDOR, ADMIN): creates the service request
--    for the chair's owner, assigned to an active engineer and SCHEDULED at a day and booking slot,
--    in one guarded operation, so the outbox replays it once (one ledger row; a refusal leaves
--    nothing, not a request without its engineer). The customer made no request, so there is no
--    preferred date or time. Refused: another role (the gate), a chair that does not exist
--    (not_found), a chair without an owner or with an open (pending or scheduled) request already
--    (conflict; the chair's row is locked first, so two dispatchers booking it at once serialise
--    and the second is refused), a day before today or a time that is not one of SPEC §9's slots
--    (validation), an engineer who is not an active engineer (validation, ops_arg_engineer).
--    The messages are src/domain/service-requests.ts's; tests/integration/mutation-parity.test.ts
--    holds the local effect to them.

create policy chairs_select_vendor_owned on public.chairs for select to authenticated
  using (
    (select public.current_user_role()) = 'VENDOR'
    and owner_user_id is not null
    and service ->> 'nextServiceDue' is not null
  );

create or replace function public.service_request_book(mutation_id uuid, args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  prior jsonb;
  new_id uuid;
  cid uuid;
  owner_id uuid;
  eid uuid;
  sdate date;
  stime text;
  note text;
  s public.service_requests%rowtype;
begin
  prior := private.op_begin(mutation_id, 'serviceRequest.book', args, 'VENDOR', 'ADMIN');
  if prior is not null then return prior; end if;

  new_id := public.ops_arg_required_uuid(args, 'id', 'A valid service request id is required');
  cid := public.ops_arg_uuid(args, 'chairId', 'Chair not found', 'not_found');
  if cid is null then
    perform public.app_error('validation', 'Please select a chair');
  end if;
  sdate := public.ops_arg_date(args, 'scheduledDate', 'Scheduled date must be a date (YYYY-MM-DD)');
  if sdate is null then
    perform public.app_error('validation', 'Scheduled date is required');
  end if;
  if sdate < current_date then
    perform public.app_error('validation', 'A visit cannot be booked in the past');
  end if;
  stime := public.ops_arg_time(args, 'scheduledTime', 'Scheduled time must be a time (HH:MM)');
  if stime is null then
    perform public.app_error('validation', 'Scheduled time is required');
  end if;
  if stime not between '08:00' and '16:30' or right(stime, 2) not in ('00', '30') then
    perform public.app_error('validation',
      'A visit starts at a booking slot, every 30 minutes from 08:00 to 16:30');
  end if;
  eid := public.ops_arg_engineer(args, 'engineerUserId');
  note := public.ops_arg_text(args, 'notes', 'Notes must be text');
  if trim(note) = '' then
    note := null;
  end if;

  -- The chair's row is locked: a second booking of the same chair waits here, then finds the
  -- first one's request open.
  select c.owner_user_id into owner_id from public.chairs c where c.id = cid for update;
  if not found then
    perform public.app_error('not_found', 'Chair not found');
  end if;
  if owner_id is null then
    perform public.app_error('conflict', 'This chair has no owner to book a visit for');
  end if;
  if exists (
    select 1 from public.service_requests r
     where r.chair_id = cid and r.status in ('PENDING', 'SCHEDULED') and r.id <> new_id
  ) then
    perform public.app_error('conflict', 'This chair already has an open service request');
  end if;

  insert into public.service_requests (id, customer_user_id, chair_id, notes, status,
                                       scheduled_date, scheduled_time, engineer_user_id,
                                       confirmed_at)
  values (new_id, owner_id, cid, note, 'SCHEDULED', sdate, stime, eid, now())
  on conflict (id) do nothing
  returning * into s;
  if not found then
    perform public.app_error('conflict', 'This service request already exists');
  end if;
  return private.op_finish(mutation_id, 'service_requests', to_jsonb(s));
end
$$;

revoke all on function public.service_request_book(uuid, jsonb) from public, anon;
grant execute on function public.service_request_book(uuid, jsonb) to authenticated, service_role;
