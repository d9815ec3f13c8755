-- The guarded operations' refusals: each `public.<name>(mutation_id uuid, args jsonb)` (migration
-- 0003's contract; one file of them per entity) called as PostgREST's /rpc calls it, by every
-- caller it must refuse, with the SQLSTATE and message it raises (PT403 forbidden, PT404
-- not_found, PT409 conflict, PT400 validation, PT401 unauthenticated; the client shows the
-- message). Beside each kind of refusal, the caller it is meant for succeeds on the same row
-- ('ok 1'), so a refusal is never just a broken fixture. Every call is undone (pg_temp.attempt),
-- so each starts from the same fixture world.
begin;
\ir fixtures.psql
select plan(416);
select pg_temp.make_world();

-- The statement /rpc/<name> runs: a fresh mutation id unless one is given.
create function pg_temp.op(op_name text, args jsonb, mutation_id uuid default gen_random_uuid())
returns text
language sql volatile
as $$ select format('select public.%I(%L::uuid, %L::jsonb)', op_name, mutation_id, args) $$;

-- What a statement returned (its first column, as jsonb), run as `who` and undone; an error's
-- '<SQLSTATE>: <message>' as a JSON string.
create function pg_temp.answer(who text, statement text) returns jsonb
language plpgsql
as $$
declare
  result jsonb;
begin
  begin
    perform pg_temp.sign_in(who);
    execute statement into result;
    raise sqlstate 'TAPRB';
  exception
    when sqlstate 'TAPRB' then
      null;
    when others then
      result := to_jsonb(sqlstate || ': ' || sqlerrm);
  end;
  return result;
end
$$;

-- More of the world: finished work, and chairs in each state the chair operations care about.
do $$
begin
  perform pg_temp.sign_up('engineer_gone', 'ENGINEER', 'Gus Gone');
  update public.users set deleted_at = now() where id = (select pg_temp.id('engineer_gone'));

  insert into public.support_tickets (id, title, description, status, resolution, customer_user_id, engineer_user_id)
  values
    (pg_temp.add('ticket_a_closed', gen_random_uuid()::text)::uuid, 'A closed', 'Closed by an admin',
     'CLOSED', 'Replaced the valve', pg_temp.id('customer_a'), pg_temp.id('engineer_a')),
    (pg_temp.add('ticket_a_resolved', gen_random_uuid()::text)::uuid, 'A resolved', 'Resolved last week',
     'RESOLVED', 'Tightened the headrest', pg_temp.id('customer_a'), pg_temp.id('engineer_a')),
    (pg_temp.add('ticket_closed_open', gen_random_uuid()::text)::uuid, 'Closed, unassigned',
     'Closed without a visit', 'CLOSED', null, pg_temp.id('customer_b'), null);

  insert into public.service_requests (id, customer_user_id, engineer_user_id, chair_id, status,
                                       preferred_date, preferred_time, scheduled_date, scheduled_time)
  values
    (pg_temp.add('request_a_completed', gen_random_uuid()::text)::uuid, pg_temp.id('customer_a'),
     pg_temp.id('engineer_a'), pg_temp.id('chair_a'), 'COMPLETED', current_date, '09:00', current_date, '09:00'),
    (pg_temp.add('request_a_pending_eng_a', gen_random_uuid()::text)::uuid, pg_temp.id('customer_a'),
     pg_temp.id('engineer_a'), pg_temp.id('chair_a'), 'PENDING', current_date + 3, '14:00', null, null),
    (pg_temp.add('request_b_cancelled', gen_random_uuid()::text)::uuid, pg_temp.id('customer_b'),
     null, pg_temp.id('chair_b'), 'CANCELLED', current_date + 3, '15:00', null, null);

  insert into public.chairs (id, serial_number, model, owner_user_id, status, test_sheet, warranty)
  values
    -- customer_a's second chair: its test sheet passed, its warranty confirmed.
    (pg_temp.add('chair_a2', gen_random_uuid()::text)::uuid, 'PGTAP-A2-' || gen_random_uuid(), 'U500',
     pg_temp.id('customer_a'), 'REGISTERED',
     '{"partsArrived": true, "powersOn": true, "movementOK": true, "waterAirOK": true}',
     '{"activatedAt": "2026-11-01T00:00:00.000Z", "warrantyYears": 5, "confirmed": true}'),
    -- Delivered to customer_b's practice, not installed yet.
    (pg_temp.add('chair_delivered_b', gen_random_uuid()::text)::uuid, 'PGTAP-DB-' || gen_random_uuid(), 'S30',
     pg_temp.id('customer_b'), 'DELIVERED', null, null);
end
$$;

-- A complete installation acceptance (every checklist item ticked, a name, a drawn signature).
create function pg_temp.installation_args(chair text, installation_id uuid default gen_random_uuid())
returns jsonb
language sql volatile
as $$
  select jsonb_build_object(
    'id', installation_id,
    'chairId', pg_temp.id(chair),
    'checklist', (select jsonb_object_agg(item, true)
                    from unnest(private.installation_checklist_item_ids()) as item),
    'customerName', 'Dr Clara Hughes',
    'signatureText', 'C Hughes',
    'signatureImage', 'data:image/png;base64,iVBORw0KGgo=')
$$;

-- A booking of a visit to `chair` with engineer_a two days from now at 10:00, as the schedule
-- board's drop sends it (serviceRequest.book), with `changes` over it.
create function pg_temp.book_args(chair text, changes jsonb default '{}')
returns jsonb
language sql volatile
as $$
  select jsonb_build_object(
    'id', gen_random_uuid(),
    'chairId', pg_temp.id(chair),
    'engineerUserId', pg_temp.id('engineer_a'),
    'scheduledDate', to_char(current_date + 2, 'YYYY-MM-DD'),
    'scheduledTime', '10:00',
    'notes', 'Yearly inspection') || changes
$$;

-- ---------------------------------------------------------------------------------------------
-- The role gate of every operation (private.op_begin): a caller of a role it does not serve is
-- refused before anything else is read; a role it serves passes the gate (and meets the
-- operation's own checks: with empty args, a validation refusal).
-- ---------------------------------------------------------------------------------------------
create temp table operation (name text primary key, roles text[]);
insert into operation values
  ('ticket_create',               '{CUSTOMER}'),
  ('ticket_take',                 '{ENGINEER}'),
  ('ticket_assign',               '{VENDOR,ADMIN}'),
  ('ticket_set_status',           '{ENGINEER,ADMIN}'),
  ('ticket_update_service_notes', '{ENGINEER,ADMIN}'),
  ('ticket_add_part',             '{ENGINEER,ADMIN}'),
  ('ticket_remove_part',          '{ENGINEER,ADMIN}'),
  ('ticket_resolve',              '{ENGINEER,ADMIN}'),
  ('service_request_create',      '{CUSTOMER}'),
  ('service_request_take',        '{ENGINEER}'),
  ('service_request_assign',      '{VENDOR,ADMIN}'),
  ('service_request_schedule',    '{VENDOR,ADMIN,ENGINEER}'),
  ('service_request_cancel',      '{CUSTOMER,VENDOR,ADMIN,ENGINEER}'),
  ('service_request_complete',    '{ENGINEER,ADMIN}'),
  ('service_request_book',        '{VENDOR,ADMIN}'),
  ('chair_register',              '{CUSTOMER}'),
  ('chair_activate_warranty',     '{CUSTOMER}'),
  ('chair_submit_test_sheet',     '{CUSTOMER}'),
  ('chair_extend_warranty',       '{CUSTOMER}'),
  ('installation_complete',       '{ENGINEER}'),
  ('part_request_create',         '{CUSTOMER}'),
  ('part_request_set_status',     '{ADMIN}'),
  ('profile_update',              '{CUSTOMER,ADMIN,ENGINEER,VENDOR}'),
  ('user_create',                 '{ADMIN}'),
  ('user_update',                 '{ADMIN}'),
  ('user_delete',                 '{ADMIN}'),
  ('user_set_role',               '{ADMIN}'),
  ('chair_add',                   '{ADMIN}'),
  ('chair_assign_owner',          '{ADMIN}'),
  ('part_add',                    '{ADMIN}'),
  ('part_update',                 '{ADMIN}'),
  ('part_delete',                 '{ADMIN}'),
  ('training_add',                '{ADMIN}'),
  ('training_update',             '{ADMIN}'),
  ('training_delete',             '{ADMIN}');

-- The table names every guarded operation there is (a new one must be added here).
select set_eq(
  $$ select p.proname::text from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and pg_get_function_identity_arguments(p.oid) = 'mutation_id uuid, args jsonb'
        and p.prorettype = 'jsonb'::regtype
        and has_function_privilege('authenticated', p.oid, 'execute') $$,
  $$ select name from operation $$,
  'every guarded operation is listed'
);

select case when c.app_role = any (o.roles)
  then isnt(pg_temp.attempt(c.who, pg_temp.op(o.name, '{}')),
            'PT403: You do not have permission to do this',
            format('%s as %s: passes the role check', o.name, c.app_role))
  else is(pg_temp.attempt(c.who, pg_temp.op(o.name, '{}')),
          'PT403: You do not have permission to do this',
          format('%s as %s: refused', o.name, c.app_role))
  end
from operation o
cross join (values ('customer_a', 'CUSTOMER'), ('engineer_a', 'ENGINEER'), ('vendor', 'VENDOR'),
                   ('admin', 'ADMIN')) as c(who, app_role)
order by o.name, c.app_role;

-- ---------------------------------------------------------------------------------------------
-- Callers no operation serves: anon (no EXECUTE: PostgREST answers 401/404), the authenticated
-- role without a user (PT401: the client refreshes its session and retries), a soft-deleted user
-- (PT403).
-- ---------------------------------------------------------------------------------------------
select is(pg_temp.attempt(c.who, pg_temp.op(o.name, '{}')), c.want, format('%s: %s', o.name, c.what))
from operation o
cross join (values
  (1, 'anon', 'no privilege', 'anon may not execute it'),
  (2, 'no_claims', 'PT401: Please sign in again', 'a request with no user is unauthenticated'),
  (3, 'gone', 'PT403: Your account is not active', 'a soft-deleted user is refused')
) as c(n, who, want, what)
order by c.n, o.name;

-- ---------------------------------------------------------------------------------------------
-- The ledger (exactly-once): a mutation id is the caller's own.
-- ---------------------------------------------------------------------------------------------
select is(pg_temp.attempt(r.who, pg_temp.op('ticket_create', jsonb_build_object(
            'id', gen_random_uuid(), 'title', 'Chair drifts down',
            'description', 'The chair sinks slowly', 'priority', 'HIGH'), r.mutation_id)),
          r.want, r.what)
from (values
  ('customer_b', pg_temp.id('ledger'), 'PT409: This change was already submitted by another user',
   'a mutation id another user applied is refused, never replayed'),
  ('customer_a', pg_temp.id('ledger'), 'ok 1', 'the user who applied a mutation id gets its result again'),
  ('customer_a', null, 'PT400: A mutation id is required', 'a change without a mutation id is refused')
) as r(who, mutation_id, want, what);

-- ---------------------------------------------------------------------------------------------
-- Each operation's own refusals: someone else's work, finished work, rows that are not there,
-- rules of the domain. (who, operation, args, expected outcome, what is checked)
-- ---------------------------------------------------------------------------------------------
select is(pg_temp.attempt(r.who, pg_temp.op(r.op, r.args)), r.want, format('%s: %s', r.op, r.what))
from (values
  -- ticket.create (CUSTOMER)
  ('customer_a', 'ticket_create', jsonb_build_object('id', gen_random_uuid(), 'title', 'Chair drifts down',
     'description', 'The chair sinks slowly', 'priority', 'HIGH', 'chairId', pg_temp.id('chair_a')),
   'ok 1', 'a customer raises a ticket on their chair'),
  ('customer_a', 'ticket_create', jsonb_build_object('id', gen_random_uuid(), 'title', 'Chair drifts down',
     'description', 'The chair sinks slowly', 'priority', 'HIGH', 'chairId', pg_temp.id('chair_b')),
   'PT404: Chair not found', 'not on another customer''s chair'),
  ('customer_a', 'ticket_create', jsonb_build_object('id', gen_random_uuid(), 'title', ' ',
     'description', 'The chair sinks slowly', 'priority', 'HIGH'),
   'PT400: Title is required', 'a title is required'),
  ('customer_a', 'ticket_create', jsonb_build_object('id', gen_random_uuid(), 'title', 'Chair',
     'description', 'short', 'priority', 'HIGH'),
   'PT400: Description must be at least 10 characters', 'a description of 10 characters is required'),
  ('customer_a', 'ticket_create', jsonb_build_object('id', pg_temp.id('ticket_b_eng_b'), 'title', 'Chair',
     'description', 'The chair sinks slowly', 'priority', 'LOW'),
   'PT409: This ticket already exists', 'an existing ticket''s id is a conflict'),

  -- ticket.take (ENGINEER)
  ('engineer_a', 'ticket_take', jsonb_build_object('ticketId', pg_temp.id('ticket_a_open')),
   'ok 1', 'an engineer takes an unassigned ticket'),
  ('engineer_a', 'ticket_take', jsonb_build_object('ticketId', pg_temp.id('ticket_b_eng_b')),
   'PT409: This ticket has already been taken by Bram Engineer', 'not another engineer''s ticket'),
  ('engineer_a', 'ticket_take', jsonb_build_object('ticketId', pg_temp.id('ticket_closed_open')),
   'PT409: This ticket is already closed', 'not a closed ticket'),
  ('engineer_a', 'ticket_take', jsonb_build_object('ticketId', gen_random_uuid()),
   'PT404: Ticket not found', 'not a ticket that does not exist'),
  ('engineer_a', 'ticket_take', jsonb_build_object('ticketId', 'not-a-uuid'),
   'PT400: A valid ticket id is required', 'a ticket id is a UUID'),

  -- ticket.assign (VENDOR, ADMIN)
  ('vendor', 'ticket_assign', jsonb_build_object('ticketId', pg_temp.id('ticket_a_open'),
     'engineerUserId', pg_temp.id('engineer_b')),
   'ok 1', 'a vendor assigns an open ticket to an engineer'),
  ('vendor', 'ticket_assign', jsonb_build_object('ticketId', pg_temp.id('ticket_a_open'),
     'engineerUserId', pg_temp.id('customer_a')),
   'PT400: Engineer not found', 'not to a customer'),
  ('vendor', 'ticket_assign', jsonb_build_object('ticketId', pg_temp.id('ticket_a_open'),
     'engineerUserId', pg_temp.id('engineer_gone')),
   'PT400: Engineer not found', 'not to a deleted engineer'),
  ('vendor', 'ticket_assign', jsonb_build_object('ticketId', pg_temp.id('ticket_a_closed'),
     'engineerUserId', pg_temp.id('engineer_b')),
   'PT409: This ticket is already closed', 'not a closed ticket'),
  ('admin', 'ticket_assign', jsonb_build_object('ticketId', pg_temp.id('ticket_a_resolved'),
     'engineerUserId', pg_temp.id('engineer_b')),
   'PT409: This ticket is already resolved', 'not a resolved ticket, an admin''s call included'),
  ('vendor', 'ticket_assign', jsonb_build_object('ticketId', gen_random_uuid(),
     'engineerUserId', pg_temp.id('engineer_b')),
   'PT404: Ticket not found', 'not a ticket that does not exist'),

  -- ticket.setStatus (the assigned ENGINEER, ADMIN)
  ('engineer_a', 'ticket_set_status', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'), 'status', 'RESOLVED'),
   'ok 1', 'the assigned engineer sets the status'),
  ('engineer_a', 'ticket_set_status', jsonb_build_object('ticketId', pg_temp.id('ticket_b_eng_b'), 'status', 'RESOLVED'),
   'PT403: Only the assigned engineer can change the status', 'not on another engineer''s ticket'),
  ('engineer_a', 'ticket_set_status', jsonb_build_object('ticketId', pg_temp.id('ticket_a_open'), 'status', 'IN_PROGRESS'),
   'PT403: Only the assigned engineer can change the status', 'not on an unassigned ticket'),
  ('engineer_a', 'ticket_set_status', jsonb_build_object('ticketId', gen_random_uuid(), 'status', 'CLOSED'),
   'PT404: Ticket not found', 'not a ticket that does not exist'),
  ('engineer_a', 'ticket_set_status', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'), 'status', 'DONE'),
   'PT400: Status must be OPEN, IN_PROGRESS, RESOLVED or CLOSED', 'one of the four statuses'),

  -- ticket.updateServiceNotes (the assigned ENGINEER or an unassigned ticket, ADMIN)
  ('engineer_a', 'ticket_update_service_notes', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'patch', jsonb_build_object('workPerformed', 'Replaced the seal')),
   'ok 1', 'the assigned engineer writes service notes'),
  ('engineer_a', 'ticket_update_service_notes', jsonb_build_object('ticketId', pg_temp.id('ticket_b_eng_b'),
     'patch', jsonb_build_object('workPerformed', 'Replaced the seal')),
   'PT403: This ticket is assigned to another engineer', 'not on another engineer''s ticket'),
  ('engineer_a', 'ticket_update_service_notes', jsonb_build_object('ticketId', gen_random_uuid(),
     'patch', jsonb_build_object('workPerformed', 'Replaced the seal')),
   'PT404: Ticket not found', 'not a ticket that does not exist'),
  ('engineer_a', 'ticket_update_service_notes', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a')),
   'PT400: Service notes are required', 'a patch is required'),
  ('engineer_a', 'ticket_update_service_notes', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'patch', jsonb_build_object('timeSpent', -1)),
   'PT400: Time spent must be 0 or more', 'time spent is not negative'),

  -- ticket.addPart / ticket.removePart (the assigned ENGINEER or an unassigned ticket, ADMIN)
  ('engineer_a', 'ticket_add_part', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'lineId', gen_random_uuid(), 'partId', pg_temp.id('part')),
   'ok 1', 'the assigned engineer adds a part'),
  ('engineer_a', 'ticket_add_part', jsonb_build_object('ticketId', pg_temp.id('ticket_b_eng_b'),
     'lineId', gen_random_uuid(), 'partId', pg_temp.id('part')),
   'PT403: This ticket is assigned to another engineer', 'not to another engineer''s ticket'),
  ('engineer_a', 'ticket_add_part', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'lineId', gen_random_uuid(), 'partId', pg_temp.id('part_deleted')),
   'PT404: Part not found', 'not a part deleted from the catalogue'),
  ('engineer_a', 'ticket_add_part', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'lineId', gen_random_uuid()),
   'PT400: Please select a part', 'a part is required'),
  ('engineer_a', 'ticket_remove_part', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'lineId', gen_random_uuid()),
   'ok 1', 'the assigned engineer removes a line (a missing line is a no-op)'),
  ('engineer_a', 'ticket_remove_part', jsonb_build_object('ticketId', pg_temp.id('ticket_b_eng_b'),
     'lineId', gen_random_uuid()),
   'PT403: This ticket is assigned to another engineer', 'not from another engineer''s ticket'),
  ('engineer_a', 'ticket_remove_part', jsonb_build_object('ticketId', gen_random_uuid(),
     'lineId', gen_random_uuid()),
   'PT404: Ticket not found', 'not from a ticket that does not exist'),

  -- ticket.resolve (the assigned ENGINEER or an unassigned ticket, ADMIN)
  ('engineer_a', 'ticket_resolve', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'resolution', 'Replaced the valve'),
   'ok 1', 'the assigned engineer resolves the ticket'),
  ('engineer_a', 'ticket_resolve', jsonb_build_object('ticketId', pg_temp.id('ticket_b_eng_b'),
     'resolution', 'Replaced the valve'),
   'PT403: This ticket is assigned to another engineer', 'not another engineer''s ticket'),
  ('engineer_a', 'ticket_resolve', jsonb_build_object('ticketId', pg_temp.id('ticket_a_closed'),
     'resolution', 'Replaced the valve'),
   'PT409: This ticket is closed and cannot be resolved', 'not a closed ticket'),
  ('admin', 'ticket_resolve', jsonb_build_object('ticketId', pg_temp.id('ticket_a_closed'),
     'resolution', 'Replaced the valve'),
   'PT409: This ticket is closed and cannot be resolved', 'a closed ticket is finished for an admin too'),
  ('engineer_a', 'ticket_resolve', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'resolution', '  '),
   'PT400: Please provide a resolution description', 'a resolution is required'),
  ('engineer_a', 'ticket_resolve', jsonb_build_object('ticketId', pg_temp.id('ticket_a_eng_a'),
     'resolution', 'Replaced the valve',
     'signOff', jsonb_build_object('customerName', 'Dr Hughes', 'signatureImage', 'not an image')),
   'PT400: Please sign in the box', 'a sign-off carries a drawn signature'),

  -- serviceRequest.create (CUSTOMER)
  ('customer_a', 'service_request_create', jsonb_build_object('id', gen_random_uuid(),
     'chairId', pg_temp.id('chair_a'), 'preferredDate', to_char(current_date + 3, 'YYYY-MM-DD'),
     'preferredTime', '10:00'),
   'ok 1', 'a customer asks for a visit to their chair'),
  ('customer_a', 'service_request_create', jsonb_build_object('id', gen_random_uuid(),
     'chairId', pg_temp.id('chair_b'), 'preferredDate', to_char(current_date + 3, 'YYYY-MM-DD'),
     'preferredTime', '10:00'),
   'PT404: Chair not found', 'not for another customer''s chair'),
  ('customer_a', 'service_request_create', jsonb_build_object('id', gen_random_uuid(),
     'preferredDate', to_char(current_date + 3, 'YYYY-MM-DD'), 'preferredTime', '10:00'),
   'PT400: Please select a chair', 'a chair is required'),
  ('customer_a', 'service_request_create', jsonb_build_object('id', gen_random_uuid(),
     'chairId', pg_temp.id('chair_a'), 'preferredDate', to_char(current_date - 1, 'YYYY-MM-DD'),
     'preferredTime', '10:00'),
   'PT400: Preferred date cannot be in the past', 'not in the past'),
  ('customer_a', 'service_request_create', jsonb_build_object('id', gen_random_uuid(),
     'chairId', pg_temp.id('chair_a'), 'preferredDate', to_char(current_date + 3, 'YYYY-MM-DD')),
   'PT400: Preferred time is required', 'a preferred time is required'),
  ('customer_a', 'service_request_create', jsonb_build_object('id', pg_temp.id('request_b_open'),
     'chairId', pg_temp.id('chair_a'), 'preferredDate', to_char(current_date + 3, 'YYYY-MM-DD'),
     'preferredTime', '10:00'),
   'PT409: This service request already exists', 'an existing request''s id is a conflict'),

  -- serviceRequest.take (ENGINEER)
  ('engineer_a', 'service_request_take', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_open')),
   'ok 1', 'an engineer takes an unassigned request'),
  ('engineer_a', 'service_request_take', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_eng_b')),
   'PT409: This service request has already been taken by Bram Engineer', 'not another engineer''s request'),
  ('engineer_a', 'service_request_take', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_cancelled')),
   'PT409: This service request is already cancelled', 'not a cancelled request'),
  ('engineer_a', 'service_request_take', jsonb_build_object('serviceRequestId', gen_random_uuid()),
   'PT404: Service request not found', 'not a request that does not exist'),

  -- serviceRequest.assign (VENDOR, ADMIN)
  ('vendor', 'service_request_assign', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_open'),
     'engineerUserId', pg_temp.id('engineer_a')),
   'ok 1', 'a vendor assigns a pending request'),
  ('vendor', 'service_request_assign', jsonb_build_object('serviceRequestId', pg_temp.id('request_a_completed'),
     'engineerUserId', pg_temp.id('engineer_b')),
   'PT409: This service request is already completed', 'not a completed request'),
  ('vendor', 'service_request_assign', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_open'),
     'engineerUserId', pg_temp.id('vendor')),
   'PT400: Engineer not found', 'only to an engineer'),
  ('vendor', 'service_request_assign', jsonb_build_object('serviceRequestId', gen_random_uuid(),
     'engineerUserId', pg_temp.id('engineer_a')),
   'PT404: Service request not found', 'not a request that does not exist'),

  -- serviceRequest.schedule (VENDOR, ADMIN, the assigned ENGINEER)
  ('engineer_a', 'service_request_schedule', jsonb_build_object('serviceRequestId', pg_temp.id('request_a_eng_a'),
     'scheduledDate', to_char(current_date + 9, 'YYYY-MM-DD'), 'scheduledTime', '13:30'),
   'ok 1', 'the assigned engineer reschedules'),
  ('engineer_a', 'service_request_schedule', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_eng_b'),
     'scheduledDate', to_char(current_date + 9, 'YYYY-MM-DD'), 'scheduledTime', '13:30'),
   'PT403: Only the assigned engineer can schedule this service request', 'not another engineer''s request'),
  ('engineer_a', 'service_request_schedule', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_open'),
     'scheduledDate', to_char(current_date + 9, 'YYYY-MM-DD'), 'scheduledTime', '13:30'),
   'PT403: Only the assigned engineer can schedule this service request', 'not an unassigned request, for an engineer'),
  ('vendor', 'service_request_schedule', jsonb_build_object('serviceRequestId', pg_temp.id('request_a_completed'),
     'scheduledDate', to_char(current_date + 9, 'YYYY-MM-DD'), 'scheduledTime', '13:30'),
   'PT409: This service request is already completed', 'not a completed request'),
  ('vendor', 'service_request_schedule', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_open'),
     'scheduledTime', '13:30'),
   'PT400: Scheduled date is required', 'a date is required'),

  -- serviceRequest.cancel (the CUSTOMER's own, the assigned ENGINEER, VENDOR, ADMIN)
  ('customer_a', 'service_request_cancel', jsonb_build_object('serviceRequestId', pg_temp.id('request_a_eng_a')),
   'ok 1', 'a customer cancels their own request'),
  ('customer_a', 'service_request_cancel', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_open')),
   'PT404: Service request not found', 'another customer''s request is answered as missing'),
  ('engineer_a', 'service_request_cancel', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_eng_b')),
   'PT403: Only the assigned engineer can cancel this service request', 'not another engineer''s request'),
  ('customer_a', 'service_request_cancel', jsonb_build_object('serviceRequestId', pg_temp.id('request_a_completed')),
   'PT409: A completed service request cannot be cancelled', 'not a completed request'),

  -- serviceRequest.complete (the assigned ENGINEER, ADMIN)
  ('engineer_a', 'service_request_complete', jsonb_build_object('serviceRequestId', pg_temp.id('request_a_eng_a')),
   'ok 1', 'the assigned engineer completes a scheduled visit'),
  ('engineer_a', 'service_request_complete', jsonb_build_object('serviceRequestId', pg_temp.id('request_b_eng_b')),
   'PT403: Only the assigned engineer can complete this service request', 'not another engineer''s request'),
  ('engineer_a', 'service_request_complete', jsonb_build_object('serviceRequestId', pg_temp.id('request_a_pending_eng_a')),
   'PT409: This service request is not scheduled yet', 'not before it is scheduled'),
  ('engineer_a', 'service_request_complete', jsonb_build_object('serviceRequestId', pg_temp.id('request_a_completed')),
   'PT409: This service request is already completed', 'not twice'),
  ('admin', 'service_request_complete', jsonb_build_object('serviceRequestId', gen_random_uuid()),
   'PT404: Service request not found', 'not a request that does not exist'),

  -- serviceRequest.book (VENDOR, ADMIN): a due chair's visit, booked for its owner in one go
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2'),
   'ok 1', 'a vendor books a visit to a chair with no open request'),
  ('admin', 'service_request_book', pg_temp.book_args('chair_delivered_b'),
   'ok 1', 'an admin books one too'),
  ('customer_a', 'service_request_book', pg_temp.book_args('chair_a2'),
   'PT403: You do not have permission to do this', 'not a customer, even for their own chair'),
  ('engineer_a', 'service_request_book', pg_temp.book_args('chair_a2'),
   'PT403: You do not have permission to do this', 'not an engineer, even booking themselves'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_stock'),
   'PT409: This chair has no owner to book a visit for', 'not a chair without an owner'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a'),
   'PT409: This chair already has an open service request', 'not a chair with an open request'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2', jsonb_build_object('chairId', gen_random_uuid())),
   'PT404: Chair not found', 'not a chair that does not exist'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2', jsonb_build_object('chairId', 'chair-a2')),
   'PT404: Chair not found', 'a malformed chair id is a chair not found'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2',
     jsonb_build_object('scheduledDate', to_char(current_date - 1, 'YYYY-MM-DD'))),
   'PT400: A visit cannot be booked in the past', 'not a day before today'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2', '{"scheduledDate": "next week"}'),
   'PT400: Scheduled date must be a date (YYYY-MM-DD)', 'a date, not words'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2', '{"scheduledTime": "10:15"}'),
   'PT400: A visit starts at a booking slot, every 30 minutes from 08:00 to 16:30', 'not between two slots'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2', '{"scheduledTime": "17:00"}'),
   'PT400: A visit starts at a booking slot, every 30 minutes from 08:00 to 16:30', 'not after the last slot'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2', '{"scheduledTime": "07:30"}'),
   'PT400: A visit starts at a booking slot, every 30 minutes from 08:00 to 16:30', 'not before the first slot'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2', '{"scheduledTime": null}'),
   'PT400: Scheduled time is required', 'a time is required'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2',
     jsonb_build_object('engineerUserId', pg_temp.id('engineer_gone'))),
   'PT400: Engineer not found', 'not an engineer whose account is deactivated'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2',
     jsonb_build_object('engineerUserId', pg_temp.id('vendor'))),
   'PT400: Engineer not found', 'only to an engineer'),
  ('vendor', 'service_request_book', pg_temp.book_args('chair_a2',
     jsonb_build_object('id', pg_temp.id('request_b_open'))),
   'PT409: This service request already exists', 'an existing request''s id is a conflict'),

  -- chair.register, chair.activateWarranty (CUSTOMER)
  ('customer_a', 'chair_register', jsonb_build_object('serialNumber',
     (select serial_number from public.chairs where id = pg_temp.id('chair_stock')), 'deliveryDate', '2026-11-20'),
   'ok 1', 'a customer registers a chair in stock'),
  ('customer_a', 'chair_register', jsonb_build_object('serialNumber',
     (select serial_number from public.chairs where id = pg_temp.id('chair_b')), 'deliveryDate', '2026-11-20'),
   'PT409: This chair is already registered', 'not another customer''s chair'),
  ('customer_a', 'chair_register', jsonb_build_object('serialNumber', 'PGTAP-NO-SUCH-CHAIR', 'deliveryDate', '2026-11-20'),
   'PT404: Chair not found', 'not a serial number that does not exist'),
  ('customer_a', 'chair_register', jsonb_build_object('deliveryDate', '2026-11-20'),
   'PT400: Serial number is required', 'a serial number is required'),
  ('customer_a', 'chair_activate_warranty', jsonb_build_object('serialNumber',
     (select serial_number from public.chairs where id = pg_temp.id('chair_stock')),
     'deliveryDate', to_char(now() - interval '2 days', 'YYYY-MM-DD')),
   'ok 1', 'a customer activates the warranty of a chair delivered two days ago'),
  ('customer_a', 'chair_activate_warranty', jsonb_build_object('serialNumber',
     (select serial_number from public.chairs where id = pg_temp.id('chair_stock')),
     'deliveryDate', to_char(now() - interval '30 days', 'YYYY-MM-DD')),
   'PT400: Warranty must be activated within 14 days of delivery', 'not 30 days after delivery'),
  ('customer_a', 'chair_activate_warranty', jsonb_build_object('serialNumber',
     (select serial_number from public.chairs where id = pg_temp.id('chair_b')),
     'deliveryDate', to_char(now() - interval '2 days', 'YYYY-MM-DD')),
   'PT404: Serial number not found in inventory', 'not another customer''s chair'),

  -- chair.submitTestSheet, chair.extendWarranty (CUSTOMER, own chair)
  ('customer_a', 'chair_submit_test_sheet', jsonb_build_object('chairId', pg_temp.id('chair_a'),
     'partsArrived', true, 'powersOn', true, 'movementOK', true, 'waterAirOK', true),
   'ok 1', 'a customer submits their chair''s test sheet'),
  ('customer_a', 'chair_submit_test_sheet', jsonb_build_object('chairId', pg_temp.id('chair_b'),
     'partsArrived', true, 'powersOn', true, 'movementOK', true, 'waterAirOK', true),
   'PT404: Chair not found', 'not for another customer''s chair'),
  ('customer_a', 'chair_submit_test_sheet', jsonb_build_object('chairId', pg_temp.id('chair_a2'),
     'partsArrived', true, 'powersOn', true, 'movementOK', true, 'waterAirOK', true),
   'PT409: A test sheet has already been submitted for this chair', 'once per chair'),
  ('customer_a', 'chair_submit_test_sheet', jsonb_build_object('chairId', pg_temp.id('chair_a'),
     'partsArrived', true, 'movementOK', true, 'waterAirOK', true),
   'PT400: powersOn must be true or false', 'every check is answered'),
  ('customer_a', 'chair_extend_warranty', jsonb_build_object('chairId', pg_temp.id('chair_a2'), 'years', 3),
   'ok 1', 'a customer extends a confirmed warranty'),
  ('customer_a', 'chair_extend_warranty', jsonb_build_object('chairId', pg_temp.id('chair_b'), 'years', 3),
   'PT404: Chair not found', 'not another customer''s chair'),
  ('customer_a', 'chair_extend_warranty', jsonb_build_object('chairId', pg_temp.id('chair_a'), 'years', 3),
   'PT400: Only a confirmed warranty can be extended', 'not a warranty the test sheet has not confirmed'),
  ('customer_a', 'chair_extend_warranty', jsonb_build_object('chairId', pg_temp.id('chair_a2'), 'years', 4),
   'PT400: Extension must be 3 or 5 years', 'by 3 or 5 years'),

  -- installation.complete (ENGINEER)
  ('engineer_a', 'installation_complete', pg_temp.installation_args('chair_stock'),
   'ok 1', 'an engineer records the installation of a chair in stock'),
  ('engineer_a', 'installation_complete', pg_temp.installation_args('chair_a'),
   'PT409: Only a chair in stock or pending installation can be installed', 'not a chair in service'),
  ('engineer_a', 'installation_complete', pg_temp.installation_args('chair_delivered_b')
     || jsonb_build_object('customerUserId', pg_temp.id('customer_a')),
   'PT409: This chair belongs to another customer', 'not a chair delivered to another customer'),
  ('engineer_a', 'installation_complete', pg_temp.installation_args('chair_stock') || '{"checklist": {}}',
   'PT400: Every checklist item must be ticked', 'every checklist item ticked'),
  ('engineer_a', 'installation_complete', pg_temp.installation_args('chair_stock')
     || jsonb_build_object('chairId', gen_random_uuid()),
   'PT404: Chair not found', 'not a chair that does not exist'),
  ('engineer_a', 'installation_complete', pg_temp.installation_args('chair_stock', pg_temp.id('installation_b')),
   'PT409: This installation has already been recorded', 'an existing installation''s id is a conflict'),

  -- partRequest.create (CUSTOMER), partRequest.setStatus (ADMIN)
  ('customer_a', 'part_request_create', jsonb_build_object('id', gen_random_uuid(),
     'items', jsonb_build_array(jsonb_build_object('partId', pg_temp.id('part'), 'qty', 1))),
   'ok 1', 'a customer orders a part'),
  ('customer_a', 'part_request_create', jsonb_build_object('id', gen_random_uuid(), 'items', '[]'::jsonb),
   'PT400: Cart is empty', 'not an empty cart'),
  ('customer_a', 'part_request_create', jsonb_build_object('id', gen_random_uuid(),
     'items', jsonb_build_array(jsonb_build_object('partId', pg_temp.id('part_deleted'), 'qty', 1))),
   'PT404: Part not found', 'not a part deleted from the catalogue'),
  ('customer_a', 'part_request_create', jsonb_build_object('id', gen_random_uuid(),
     'items', jsonb_build_array(jsonb_build_object('partId', pg_temp.id('part'), 'qty', 5))),
   'PT400: Only 3 of Valve in stock', 'not more than the stock'),
  ('customer_a', 'part_request_create', jsonb_build_object('id', gen_random_uuid(), 'chairId', pg_temp.id('chair_b'),
     'items', jsonb_build_array(jsonb_build_object('partId', pg_temp.id('part'), 'qty', 1))),
   'PT404: Chair not found', 'not for another customer''s chair'),
  ('admin', 'part_request_set_status', jsonb_build_object('partRequestId', pg_temp.id('part_request_a'), 'status', 'QUOTED'),
   'ok 1', 'an admin quotes a pending part request'),
  ('admin', 'part_request_set_status', jsonb_build_object('partRequestId', pg_temp.id('part_request_a'), 'status', 'FULFILLED'),
   'PT409: A pending part request cannot be marked fulfilled', 'not straight from pending to fulfilled'),
  ('admin', 'part_request_set_status', jsonb_build_object('partRequestId', gen_random_uuid(), 'status', 'QUOTED'),
   'PT404: Part request not found', 'not a part request that does not exist'),
  ('admin', 'part_request_set_status', jsonb_build_object('partRequestId', pg_temp.id('part_request_a'), 'status', 'PENDING'),
   'PT400: Status must be QUOTED, ORDERED, FULFILLED or CANCELLED', 'not back to pending'),

  -- profile.update (every role, own profile)
  ('customer_a', 'profile_update', jsonb_build_object('name', 'Cass Customer',
     'email', (select email from public.users where id = pg_temp.id('customer_a')), 'phone', '0161 000'),
   'ok 1', 'a customer edits their profile'),
  ('customer_a', 'profile_update', jsonb_build_object('name', 'Cass Customer',
     'email', (select email from public.users where id = pg_temp.id('customer_a')), 'role', 'ADMIN'),
   'PT403: Only an administrator can change a role', 'not their role'),
  ('engineer_a', 'profile_update', jsonb_build_object('name', 'Enzo Engineer',
     'email', (select email from public.users where id = pg_temp.id('engineer_a')),
     'engineer', jsonb_build_object('certifications', jsonb_build_array('Sigma S30 master'))),
   'PT403: Certifications, availability and metrics are managed by your supervisor', 'not an engineer''s certifications'),
  ('customer_a', 'profile_update', jsonb_build_object('name', 'Cass Customer',
     'email', (select email from public.users where id = pg_temp.id('customer_b'))),
   'PT409: This email address is already in use', 'not another user''s e-mail address'),
  ('customer_a', 'profile_update', jsonb_build_object('name', 'Cass Customer',
     'email', (select email from public.users where id = pg_temp.id('customer_a')),
     'engineer', jsonb_build_object('location', 'Leeds')),
   'PT400: Only an engineer profile has engineer details', 'no engineer details on a customer'),
  ('vendor', 'profile_update', jsonb_build_object('name', 'Val Vendor',
     'email', (select email from public.users where id = pg_temp.id('vendor')),
     'practice', jsonb_build_object('name', 'Hill Dental')),
   'PT400: Only a customer profile has practice details', 'no practice on a vendor'),

  -- user.create / update / delete / setRole (ADMIN)
  ('admin', 'user_create', jsonb_build_object('id', gen_random_uuid(), 'name', 'New Customer',
     'email', 'pgtap.new.' || gen_random_uuid() || '@example.com', 'role', 'CUSTOMER'),
   'ok 1', 'an admin creates a user'),
  ('admin', 'user_create', jsonb_build_object('id', gen_random_uuid(), 'name', 'Copy',
     'email', (select email from public.users where id = pg_temp.id('customer_b')), 'role', 'CUSTOMER'),
   'PT409: A user with this email already exists', 'not with another user''s e-mail address'),
  ('admin', 'user_create', jsonb_build_object('id', gen_random_uuid(), 'name', 'No Role',
     'email', 'pgtap.new.' || gen_random_uuid() || '@example.com'),
   'PT400: Role is required', 'a role is required'),
  ('admin', 'user_update', jsonb_build_object('userId', pg_temp.id('customer_c'), 'name', 'Carl Chairless',
     'email', 'pgtap.carl.' || gen_random_uuid() || '@example.com'),
   'ok 1', 'an admin edits a user'),
  ('admin', 'user_update', jsonb_build_object('userId', pg_temp.id('gone'), 'name', 'Gil Gone',
     'email', 'pgtap.gil.' || gen_random_uuid() || '@example.com'),
   'PT404: User not found', 'not a deleted user'),
  ('admin', 'user_update', jsonb_build_object('userId', pg_temp.id('customer_c'), 'name', 'Carl',
     'email', (select email from public.users where id = pg_temp.id('customer_a'))),
   'PT409: A user with this email already exists', 'not to another user''s e-mail address'),
  ('admin', 'user_delete', jsonb_build_object('userId', pg_temp.id('customer_c')),
   'ok 1', 'an admin deletes a user'),
  ('admin', 'user_delete', jsonb_build_object('userId', pg_temp.id('admin')),
   'PT400: You cannot delete your own account', 'not their own account'),
  ('admin', 'user_delete', jsonb_build_object('userId', pg_temp.id('gone')),
   'PT404: User not found', 'not twice'),
  ('admin', 'user_set_role', jsonb_build_object('userId', pg_temp.id('customer_c'), 'role', 'ENGINEER'),
   'ok 1', 'an admin changes a user''s role'),
  ('admin', 'user_set_role', jsonb_build_object('userId', pg_temp.id('admin'), 'role', 'CUSTOMER'),
   'PT400: You cannot change your own role', 'not their own role'),
  ('admin', 'user_set_role', jsonb_build_object('userId', pg_temp.id('gone'), 'role', 'CUSTOMER'),
   'PT404: User not found', 'not a deleted user''s role'),

  -- chair.add / chair.assignOwner (ADMIN)
  ('admin', 'chair_add', jsonb_build_object('id', gen_random_uuid(), 'serialNumber', 'PGTAP-NEW-' || gen_random_uuid(),
     'model', 'S30'),
   'ok 1', 'an admin adds a chair to the inventory'),
  ('admin', 'chair_add', jsonb_build_object('id', gen_random_uuid(),
     'serialNumber', lower((select serial_number from public.chairs where id = pg_temp.id('chair_a'))), 'model', 'S30'),
   'PT409: Serial number already exists', 'not a serial number already there, in any case'),
  ('admin', 'chair_add', jsonb_build_object('id', pg_temp.id('chair_a'), 'serialNumber', 'PGTAP-NEW-' || gen_random_uuid(),
     'model', 'S30'),
   'PT409: A chair with this id already exists', 'an existing chair''s id is a conflict'),
  ('admin', 'chair_add', jsonb_build_object('id', gen_random_uuid(), 'serialNumber', 'PGTAP-NEW-' || gen_random_uuid(),
     'model', 'S40'),
   'PT400: Model is required', 'an S30 or a U500'),
  ('admin', 'chair_assign_owner', jsonb_build_object('chairId', pg_temp.id('chair_a'), 'ownerUserId', pg_temp.id('customer_b')),
   'ok 1', 'an admin gives a registered chair to another customer'),
  ('admin', 'chair_assign_owner', jsonb_build_object('chairId', pg_temp.id('chair_a'), 'ownerUserId', pg_temp.id('engineer_a')),
   'PT404: Customer not found', 'only to a customer'),
  ('admin', 'chair_assign_owner', jsonb_build_object('chairId', pg_temp.id('chair_stock'), 'ownerUserId', pg_temp.id('customer_b')),
   'PT409: Only registered chairs can be reassigned', 'not a chair in stock'),
  ('admin', 'chair_assign_owner', jsonb_build_object('chairId', pg_temp.id('chair_a')),
   'PT400: Choose a customer or Unassigned', 'the owner is chosen, or Unassigned'),

  -- part.add / update / delete, training.add / update / delete (ADMIN)
  ('admin', 'part_add', jsonb_build_object('id', gen_random_uuid(), 'name', 'Seal', 'price', 4, 'stock', 10),
   'ok 1', 'an admin adds a part'),
  ('admin', 'part_add', jsonb_build_object('id', pg_temp.id('part'), 'name', 'Seal', 'price', 4, 'stock', 10),
   'PT409: A part with this id already exists', 'an existing part''s id is a conflict'),
  ('admin', 'part_add', jsonb_build_object('id', gen_random_uuid(), 'name', 'Seal', 'price', -1, 'stock', 10),
   'PT400: Price must be 0 or more', 'not a negative price'),
  ('admin', 'part_update', jsonb_build_object('partId', pg_temp.id('part'), 'name', 'Valve', 'price', 12, 'stock', 3),
   'ok 1', 'an admin edits a part'),
  ('admin', 'part_update', jsonb_build_object('partId', pg_temp.id('part_deleted'), 'name', 'Old hose', 'price', 5, 'stock', 0),
   'PT404: Part not found', 'not a deleted part'),
  ('admin', 'part_delete', jsonb_build_object('partId', pg_temp.id('part')),
   'ok 1', 'an admin deletes a part'),
  ('admin', 'part_delete', jsonb_build_object('partId', pg_temp.id('part_deleted')),
   'PT404: Part not found', 'not twice'),
  ('admin', 'training_add', jsonb_build_object('id', gen_random_uuid(), 'title', 'Cleaning', 'type', 'PDF'),
   'ok 1', 'an admin adds a training resource'),
  ('admin', 'training_add', jsonb_build_object('id', pg_temp.id('training'), 'title', 'Cleaning', 'type', 'PDF'),
   'PT409: A training resource with this id already exists', 'an existing resource''s id is a conflict'),
  ('admin', 'training_add', jsonb_build_object('id', gen_random_uuid(), 'title', 'Cleaning', 'type', 'PODCAST'),
   'PT400: Type must be VIDEO, PDF or FAQ', 'a video, a PDF or an FAQ'),
  ('admin', 'training_update', jsonb_build_object('trainingId', pg_temp.id('training'), 'title', 'Care', 'type', 'VIDEO'),
   'ok 1', 'an admin edits a training resource'),
  ('admin', 'training_update', jsonb_build_object('trainingId', pg_temp.id('training_deleted'), 'title', 'Care', 'type', 'FAQ'),
   'PT404: Training resource not found', 'not a deleted resource'),
  ('admin', 'training_delete', jsonb_build_object('trainingId', pg_temp.id('training')),
   'ok 1', 'an admin deletes a training resource'),
  ('admin', 'training_delete', jsonb_build_object('trainingId', pg_temp.id('training_deleted')),
   'PT404: Training resource not found', 'not twice')
) as r(who, op, args, want, what);

-- ---------------------------------------------------------------------------------------------
-- public.ops_batch (runs as its caller, each change through its operation) and
-- public.device_health_report (the caller's own devices).
-- ---------------------------------------------------------------------------------------------
select is(pg_temp.attempt('anon', $$select public.ops_batch('[]')$$), 'no privilege',
          'ops_batch: anon may not execute it');
select is(pg_temp.attempt('no_claims', $$select public.ops_batch('[]')$$), 'PT401: Please sign in again',
          'ops_batch: a request with no user is unauthenticated');
select is(pg_temp.attempt('customer_a', $$select public.ops_batch('{}')$$),
          'PT400: A batch must be a list of changes', 'ops_batch: a batch is a list');
select is(pg_temp.attempt('customer_a', format('select public.ops_batch(%L)',
            (select jsonb_agg(jsonb_build_object('fn', 'ticket_take', 'mutation_id', gen_random_uuid(), 'args', '{}'::jsonb))
               from generate_series(1, 501)))),
          'PT400: A batch holds at most 500 changes', 'ops_batch: at most 500 changes');
select is(pg_temp.answer('customer_a', format('select public.ops_batch(%L)', jsonb_build_array(
            jsonb_build_object('fn', 'mutation_begin', 'mutation_id', gen_random_uuid(), 'args', '{}'::jsonb),
            jsonb_build_object('fn', 'ticket_take', 'mutation_id', gen_random_uuid(),
                               'args', jsonb_build_object('ticketId', pg_temp.id('ticket_a_open'))))))
            #> '{results}',
          jsonb_build_array(
            jsonb_build_object('error', jsonb_build_object('code', 'PGRST202', 'details', 'not_found',
              'message', 'Could not find the function public.mutation_begin in the schema cache')),
            jsonb_build_object('error', jsonb_build_object('code', 'PT403', 'details', 'forbidden',
              'message', 'You do not have permission to do this'))),
          'ops_batch: an internal function is not served, and each change meets its own refusal');

select is(pg_temp.attempt(r.who, format('select public.device_health_report(%L)', r.args)), r.want,
          format('device_health_report: %s', r.what))
from (values
  ('engineer_a', jsonb_build_object('device_id', pg_temp.id('device_eng_a'), 'device_name', 'Chrome on Android',
     'pending_count', 0, 'needs_attention_count', 0),
   'ok 1', 'an engineer reports their own device'),
  ('engineer_b', jsonb_build_object('device_id', pg_temp.id('device_eng_a'), 'device_name', 'Chrome on Android',
     'pending_count', 0, 'needs_attention_count', 0),
   'PT409: This device is registered to another user', 'not another user''s device'),
  ('engineer_a', jsonb_build_object('device_id', pg_temp.id('device_eng_a'), 'pending_count', -1,
     'needs_attention_count', 0),
   'PT400: Queued changes must be a whole number of 0 or more', 'counts are whole numbers of 0 or more'),
  ('gone', jsonb_build_object('device_id', gen_random_uuid(), 'pending_count', 0, 'needs_attention_count', 0),
   'PT403: Your account is not active', 'not a soft-deleted user'),
  ('no_claims', jsonb_build_object('device_id', gen_random_uuid(), 'pending_count', 0, 'needs_attention_count', 0),
   'PT401: Please sign in again', 'not a request with no user'),
  ('anon', jsonb_build_object('device_id', gen_random_uuid(), 'pending_count', 0, 'needs_attention_count', 0),
   'no privilege', 'anon may not execute it')
) as r(who, args, want, what);

-- serviceRequest.book replayed (the outbox sends a change again when its answer was lost): the
-- second call with the same mutation id answers the first one's result and books nothing more.
select is(pg_temp.answer('vendor', format(
            $$select jsonb_build_object(
                'same', public.service_request_book(%1$L, %2$L) = public.service_request_book(%1$L, %2$L))$$,
            gen_random_uuid(), pg_temp.book_args('chair_a2'))),
          '{"same": true}'::jsonb,
          'service_request_book: a replayed mutation id answers its first result');
select is(pg_temp.answer('vendor', format(
            $$select to_jsonb(public.service_request_book(%1$L, %2$L) = public.service_request_book(%1$L, %3$L))$$,
            gen_random_uuid(), pg_temp.book_args('chair_a2'), pg_temp.book_args('chair_a2'))),
          'true'::jsonb,
          'service_request_book: a replay is not applied again, whatever its args say');

select * from finish();
rollback;
