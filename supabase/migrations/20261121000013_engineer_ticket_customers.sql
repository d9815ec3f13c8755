-- An engineer reads the customer of every ticket and service request they may work on (assigned
-- to them or unassigned), not only customers who own a chair. A practice can raise a ticket before
-- its chair is registered, or keep tickets after its chair was reassigned; the engineer on that
-- ticket still needs the customer's name and contact details (ticket list, ticket overview,
-- service request cards).

create or replace function public.is_customer_on_my_work(target_user_id uuid) returns boolean
language sql
stable
security definer
set search_path = public
as $$
  select exists (
      select 1 from public.support_tickets t
       where t.customer_user_id = target_user_id
         and (t.engineer_user_id = auth.uid() or t.engineer_user_id is null)
    )
    or exists (
      select 1 from public.service_requests r
       where r.customer_user_id = target_user_id
         and (r.engineer_user_id = auth.uid() or r.engineer_user_id is null)
    )
$$;

revoke all on function public.is_customer_on_my_work(uuid) from public, anon;
grant execute on function public.is_customer_on_my_work(uuid) to authenticated, service_role;

drop policy if exists users_select_engineer_chair_owners on public.users;
create policy users_select_engineer_customers on public.users for select to authenticated
  using (
    (select public.current_user_role()) = 'ENGINEER'
    and role = 'CUSTOMER'
    and (public.is_chair_owner(id) or public.is_customer_on_my_work(id))
  );

-- A customer can leave an engineer's view when the work that showed them moves: a ticket or
-- request taken by another engineer, a chair given to another owner, a row deleted. The departure
-- triggers of migration 000007 already fire on exactly those changes; the trigger function now
-- notes the customer too, so the engineer's next pull drops them if nothing else keeps them in
-- view. It also prunes the log, at most once a day (migration 000010).
create or replace function public.note_sync_departure() returns trigger
language plpgsql
security definer
set search_path = public
as $$
declare
  customer uuid;
begin
  insert into public.sync_departures (table_name, row_id)
  values (tg_table_name, case when tg_op = 'DELETE' then old.id else new.id end);
  -- Each branch reads only its own table's columns (plpgsql resolves a record field when it runs).
  if tg_table_name = 'chairs' then
    customer := old.owner_user_id;
  elsif tg_table_name in ('support_tickets', 'service_requests') then
    customer := old.customer_user_id;
  end if;
  if customer is not null then
    insert into public.sync_departures (table_name, row_id) values ('users', customer);
  end if;
  if exists (
    select 1 from public.sync_departures_state
     where pruned_at is null or pruned_at < now() - interval '1 day'
  ) then
    perform public.prune_sync_departures();
  end if;
  return null;
end
$$;
