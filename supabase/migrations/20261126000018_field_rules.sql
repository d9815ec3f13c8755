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
