-- The row-level security matrix: every table of schema public x every caller x select / insert /
-- update / delete, asserted from the tables of expectations below, as PostgREST runs a request
-- (`set local role`, request.jwt.* settings). The intended rules (the same as
-- tests/integration/access-matrix.test.ts, which checks them through the API):
--
--   a customer reads their own chairs, tickets, service and part requests, profile and the
--   installations of their chairs, and the catalogue (parts, training); an engineer reads every
--   chair, the tickets and service requests assigned to them or unassigned, the customers on
--   that work or owning a chair, their own installations and the catalogue; a vendor reads every
--   ticket, service request and installation, the engineers, the chairs on tickets or requests
--   or registered to a customer with a next service date (the schedule board's due chairs) and
--   every device's health report; an admin reads and manages everything but the device
--   reports and the mutation ledger; a soft-deleted user reads nothing (but the departure log);
--   anon holds no privilege at all (it only signs up and in, through GoTrue).
--   Direct writes: customers insert their own tickets, service and part requests; everyone
--   updates their own profile, never its role; only an admin inserts, updates or deletes
--   anything else; everything else goes through the guarded operations
--   (guarded-operations.test.sql).
--
-- Outcomes (pg_temp.attempt, fixtures.psql): 'ok <rows>', 'ok 0' when row-level security hides
-- the row from the statement, 'rls refused' when a WITH CHECK refuses the new row, 'no privilege'
-- when the role lacks the table privilege. Every attempt is undone, so each cell starts from the
-- same fixture world.
begin;
\ir fixtures.psql
select plan(346);
select pg_temp.make_world();

-- ---------------------------------------------------------------------------------------------
-- The matrix covers every table of schema public (a new table must be added here).
-- public.schema_migrations is the local stand-in's migration log (hosted keeps its own in
-- supabase_migrations); it holds no API privilege (api-privileges.test.sql). Extensions' own
-- relations (pgTAP's views, when it is installed in public) are not the project's.
-- ---------------------------------------------------------------------------------------------
select set_eq(
  $$ select c.relname::text from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
        and c.relname <> 'schema_migrations'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                           and d.objid = c.oid and d.deptype = 'e') $$,
  array['users', 'chairs', 'parts', 'training_resources', 'support_tickets', 'service_requests',
        'part_requests', 'installations', 'device_health', 'applied_mutations', 'app_settings',
        'sync_departures', 'sync_departures_state'],
  'the matrix names every table of schema public'
);

-- ---------------------------------------------------------------------------------------------
-- SELECT: exactly which fixture rows each caller reads ({permission denied}: the role holds no
-- SELECT privilege on the table).
-- ---------------------------------------------------------------------------------------------
select is(
  pg_temp.sees(r.who, ('public.' || r.tbl)::regclass, r.key_column),
  r.sees,
  format('select %s as %s: %s', r.tbl, r.who,
         coalesce(nullif(array_to_string(r.sees, ', '), ''), 'no rows'))
)
from (values
  ('users', 'id', 'anon',       '{permission denied}'::text[]),
  ('users', 'id', 'customer_a', '{customer_a}'),
  ('users', 'id', 'customer_b', '{customer_b}'),
  -- Engineers read the customers on their work and every chair owner (not customer_c: no chair,
  -- no work); customers reach engineers, and vendors customers, only as cards (sync_pull).
  ('users', 'id', 'engineer_a', '{customer_a,customer_b,engineer_a}'),
  ('users', 'id', 'engineer_b', '{customer_a,customer_b,engineer_b}'),
  ('users', 'id', 'vendor',     '{engineer_a,engineer_b,vendor}'),
  ('users', 'id', 'admin',      '{admin,customer_a,customer_b,customer_c,engineer_a,engineer_b,gone,vendor}'),
  ('users', 'id', 'gone',       '{}'),

  ('chairs', 'id', 'anon',       '{permission denied}'),
  ('chairs', 'id', 'customer_a', '{chair_a}'),
  ('chairs', 'id', 'customer_b', '{chair_b}'),
  ('chairs', 'id', 'engineer_a', '{chair_a,chair_b,chair_stock}'),
  ('chairs', 'id', 'engineer_b', '{chair_a,chair_b,chair_stock}'),
  -- Only the chairs on tickets or service requests, not the inventory.
  ('chairs', 'id', 'vendor',     '{chair_a,chair_b}'),
  ('chairs', 'id', 'admin',      '{chair_a,chair_b,chair_stock}'),
  ('chairs', 'id', 'gone',       '{}'),

  -- Soft-deleted catalogue rows are read too, so that a sync removes them locally.
  ('parts', 'id', 'anon',       '{permission denied}'),
  ('parts', 'id', 'customer_a', '{part,part_deleted}'),
  ('parts', 'id', 'customer_b', '{part,part_deleted}'),
  ('parts', 'id', 'engineer_a', '{part,part_deleted}'),
  ('parts', 'id', 'engineer_b', '{part,part_deleted}'),
  ('parts', 'id', 'vendor',     '{}'),
  ('parts', 'id', 'admin',      '{part,part_deleted}'),
  ('parts', 'id', 'gone',       '{}'),

  ('training_resources', 'id', 'anon',       '{permission denied}'),
  ('training_resources', 'id', 'customer_a', '{training,training_deleted}'),
  ('training_resources', 'id', 'customer_b', '{training,training_deleted}'),
  ('training_resources', 'id', 'engineer_a', '{training,training_deleted}'),
  ('training_resources', 'id', 'engineer_b', '{training,training_deleted}'),
  ('training_resources', 'id', 'vendor',     '{}'),
  ('training_resources', 'id', 'admin',      '{training,training_deleted}'),
  ('training_resources', 'id', 'gone',       '{}'),

  ('support_tickets', 'id', 'anon',       '{permission denied}'),
  ('support_tickets', 'id', 'customer_a', '{ticket_a_eng_a,ticket_a_open}'),
  ('support_tickets', 'id', 'customer_b', '{ticket_b_eng_b,ticket_b_open}'),
  ('support_tickets', 'id', 'engineer_a', '{ticket_a_eng_a,ticket_a_open,ticket_b_open}'),
  ('support_tickets', 'id', 'engineer_b', '{ticket_a_open,ticket_b_eng_b,ticket_b_open}'),
  ('support_tickets', 'id', 'vendor',     '{ticket_a_eng_a,ticket_a_open,ticket_b_eng_b,ticket_b_open}'),
  ('support_tickets', 'id', 'admin',      '{ticket_a_eng_a,ticket_a_open,ticket_b_eng_b,ticket_b_open}'),
  ('support_tickets', 'id', 'gone',       '{}'),

  ('service_requests', 'id', 'anon',       '{permission denied}'),
  ('service_requests', 'id', 'customer_a', '{request_a_eng_a}'),
  ('service_requests', 'id', 'customer_b', '{request_b_eng_b,request_b_open}'),
  ('service_requests', 'id', 'engineer_a', '{request_a_eng_a,request_b_open}'),
  ('service_requests', 'id', 'engineer_b', '{request_b_eng_b,request_b_open}'),
  ('service_requests', 'id', 'vendor',     '{request_a_eng_a,request_b_eng_b,request_b_open}'),
  ('service_requests', 'id', 'admin',      '{request_a_eng_a,request_b_eng_b,request_b_open}'),
  ('service_requests', 'id', 'gone',       '{}'),

  ('part_requests', 'id', 'anon',       '{permission denied}'),
  ('part_requests', 'id', 'customer_a', '{part_request_a}'),
  ('part_requests', 'id', 'customer_b', '{part_request_b}'),
  ('part_requests', 'id', 'engineer_a', '{}'),
  ('part_requests', 'id', 'engineer_b', '{}'),
  ('part_requests', 'id', 'vendor',     '{}'),
  ('part_requests', 'id', 'admin',      '{part_request_a,part_request_b}'),
  ('part_requests', 'id', 'gone',       '{}'),

  ('installations', 'id', 'anon',       '{permission denied}'),
  ('installations', 'id', 'customer_a', '{installation_a}'),
  ('installations', 'id', 'customer_b', '{installation_b}'),
  ('installations', 'id', 'engineer_a', '{installation_a}'),
  ('installations', 'id', 'engineer_b', '{installation_b}'),
  ('installations', 'id', 'vendor',     '{installation_a,installation_b}'),
  ('installations', 'id', 'admin',      '{installation_a,installation_b}'),
  ('installations', 'id', 'gone',       '{}'),

  -- The vendor oversees the field team's devices; nobody else reads the reports.
  ('device_health', 'id', 'anon',       '{permission denied}'),
  ('device_health', 'id', 'customer_a', '{}'),
  ('device_health', 'id', 'customer_b', '{}'),
  ('device_health', 'id', 'engineer_a', '{}'),
  ('device_health', 'id', 'engineer_b', '{}'),
  ('device_health', 'id', 'vendor',     '{device_cust_a,device_eng_a}'),
  ('device_health', 'id', 'admin',      '{}'),
  ('device_health', 'id', 'gone',       '{}'),

  -- Only the guarded operations (SECURITY DEFINER) touch the ledger, an admin's included.
  ('applied_mutations', 'id', 'anon',       '{permission denied}'),
  ('applied_mutations', 'id', 'customer_a', '{permission denied}'),
  ('applied_mutations', 'id', 'customer_b', '{permission denied}'),
  ('applied_mutations', 'id', 'engineer_a', '{permission denied}'),
  ('applied_mutations', 'id', 'engineer_b', '{permission denied}'),
  ('applied_mutations', 'id', 'vendor',     '{permission denied}'),
  ('applied_mutations', 'id', 'admin',      '{permission denied}'),
  ('applied_mutations', 'id', 'gone',       '{permission denied}'),

  ('app_settings', 'key', 'anon',       '{permission denied}'),
  ('app_settings', 'key', 'customer_a', '{}'),
  ('app_settings', 'key', 'customer_b', '{}'),
  ('app_settings', 'key', 'engineer_a', '{}'),
  ('app_settings', 'key', 'engineer_b', '{}'),
  ('app_settings', 'key', 'vendor',     '{}'),
  ('app_settings', 'key', 'admin',      '{setting}'),
  ('app_settings', 'key', 'gone',       '{}'),

  -- The departure log (table names, random ids, times) and its state: every signed-in session,
  -- a soft-deleted user's included (the policies are `using (true)`).
  ('sync_departures', 'id', 'anon',       '{permission denied}'),
  ('sync_departures', 'id', 'customer_a', '{departure}'),
  ('sync_departures', 'id', 'customer_b', '{departure}'),
  ('sync_departures', 'id', 'engineer_a', '{departure}'),
  ('sync_departures', 'id', 'engineer_b', '{departure}'),
  ('sync_departures', 'id', 'vendor',     '{departure}'),
  ('sync_departures', 'id', 'admin',      '{departure}'),
  ('sync_departures', 'id', 'gone',       '{departure}'),

  ('sync_departures_state', 'singleton', 'anon',       '{permission denied}'),
  ('sync_departures_state', 'singleton', 'customer_a', '{departure_state}'),
  ('sync_departures_state', 'singleton', 'customer_b', '{departure_state}'),
  ('sync_departures_state', 'singleton', 'engineer_a', '{departure_state}'),
  ('sync_departures_state', 'singleton', 'engineer_b', '{departure_state}'),
  ('sync_departures_state', 'singleton', 'vendor',     '{departure_state}'),
  ('sync_departures_state', 'singleton', 'admin',      '{departure_state}'),
  ('sync_departures_state', 'singleton', 'gone',       '{departure_state}')
) as r(tbl, key_column, who, sees);

-- ---------------------------------------------------------------------------------------------
-- INSERT / UPDATE / DELETE. Each caller inserts a row of its own (its id wherever a row has an
-- owner: auth.uid()), and updates and deletes the row it would most plausibly be allowed to
-- change (its own profile, own chair, own ticket, the ticket assigned to it, ...), so a denial is
-- never merely "row not visible". %s in a statement is that row's key.
-- ---------------------------------------------------------------------------------------------
create temp table write_statement (tbl text, op text, statement text, primary key (tbl, op));
insert into write_statement values
  ('users', 'insert', $$insert into public.users (id, email, name)
      values (gen_random_uuid(), 'pgtap.matrix.' || gen_random_uuid() || '@example.com', 'Matrix User')$$),
  ('users', 'update', $$update public.users set phone = '0111 222333' where id = %L$$),
  ('users', 'delete', $$delete from public.users where id = %L$$),
  ('chairs', 'insert', $$insert into public.chairs (id, serial_number, model)
      values (gen_random_uuid(), 'PGTAP-MATRIX-' || gen_random_uuid(), 'S30')$$),
  ('chairs', 'update', $$update public.chairs set model_name = 'Changed by matrix' where id = %L$$),
  ('chairs', 'delete', $$delete from public.chairs where id = %L$$),
  ('parts', 'insert', $$insert into public.parts (id, name, price, stock)
      values (gen_random_uuid(), 'Matrix part', 1, 1)$$),
  ('parts', 'update', $$update public.parts set part_code = 'MX-CHANGED' where id = %L$$),
  ('parts', 'delete', $$delete from public.parts where id = %L$$),
  ('training_resources', 'insert', $$insert into public.training_resources (id, title, type)
      values (gen_random_uuid(), 'Matrix training', 'PDF')$$),
  ('training_resources', 'update', $$update public.training_resources set content = 'Changed' where id = %L$$),
  ('training_resources', 'delete', $$delete from public.training_resources where id = %L$$),
  ('support_tickets', 'insert', $$insert into public.support_tickets (id, title, description, customer_user_id)
      values (gen_random_uuid(), 'Matrix ticket', 'Inserted directly', auth.uid())$$),
  ('support_tickets', 'update', $$update public.support_tickets set description = 'Changed' where id = %L$$),
  ('support_tickets', 'delete', $$delete from public.support_tickets where id = %L$$),
  ('service_requests', 'insert', $$insert into public.service_requests (id, customer_user_id, notes)
      values (gen_random_uuid(), auth.uid(), 'Inserted directly')$$),
  ('service_requests', 'update', $$update public.service_requests set notes = 'Changed' where id = %L$$),
  ('service_requests', 'delete', $$delete from public.service_requests where id = %L$$),
  ('part_requests', 'insert', $$insert into public.part_requests (id, user_id, items)
      values (gen_random_uuid(), auth.uid(), '[]')$$),
  ('part_requests', 'update', $$update public.part_requests set notes = 'Changed' where id = %L$$),
  ('part_requests', 'delete', $$delete from public.part_requests where id = %L$$),
  ('installations', 'insert', $$insert into public.installations (id, engineer_user_id)
      values (gen_random_uuid(), auth.uid())$$),
  ('installations', 'update', $$update public.installations set notes = 'Changed' where id = %L$$),
  ('installations', 'delete', $$delete from public.installations where id = %L$$),
  ('device_health', 'insert', $$insert into public.device_health
      (id, user_id, last_sync_at, pending_count, needs_attention_count)
      values (gen_random_uuid(), auth.uid(), now(), 0, 0)$$),
  ('device_health', 'update', $$update public.device_health set pending_count = 42 where id = %L$$),
  ('device_health', 'delete', $$delete from public.device_health where id = %L$$),
  ('applied_mutations', 'insert', $$insert into public.applied_mutations (id, user_id, name)
      values (gen_random_uuid(), auth.uid(), 'ticket.take')$$),
  ('applied_mutations', 'update', $$update public.applied_mutations set name = 'ticket.resolve' where id = %L$$),
  ('applied_mutations', 'delete', $$delete from public.applied_mutations where id = %L$$),
  ('app_settings', 'insert', $$insert into public.app_settings (key, value)
      values ('pgtap.matrix.' || gen_random_uuid(), 'true')$$),
  ('app_settings', 'update', $$update public.app_settings set value = '{"changed": true}' where key = %L$$),
  ('app_settings', 'delete', $$delete from public.app_settings where key = %L$$),
  ('sync_departures', 'insert', $$insert into public.sync_departures (table_name, row_id)
      values ('chairs', gen_random_uuid())$$),
  ('sync_departures', 'update', $$update public.sync_departures set table_name = 'users' where id = %L$$),
  ('sync_departures', 'delete', $$delete from public.sync_departures where id = %L$$),
  ('sync_departures_state', 'insert', $$insert into public.sync_departures_state (singleton) values (true)$$),
  ('sync_departures_state', 'update', $$update public.sync_departures_state set pruned_at = now() where singleton = %L$$),
  ('sync_departures_state', 'delete', $$delete from public.sync_departures_state where singleton = %L$$);

select is(
  pg_temp.attempt(w.who, case o.op when 'insert' then s.statement
                                   else format(s.statement, pg_temp.key(w.target)) end),
  o.want,
  format('%s %s as %s%s: %s', o.op, w.tbl, w.who,
         case o.op when 'insert' then ' (a row of its own)' else ' (' || w.target || ')' end, o.want)
)
from (values
  -- table                   caller        row to change    insert          update          delete
  ('users',                 'anon',       'customer_a',    'no privilege', 'no privilege', 'no privilege'),
  ('users',                 'customer_a', 'customer_a',    'rls refused',  'ok 1',         'ok 0'),
  ('users',                 'engineer_a', 'engineer_a',    'rls refused',  'ok 1',         'ok 0'),
  ('users',                 'vendor',     'vendor',        'rls refused',  'ok 1',         'ok 0'),
  ('users',                 'admin',      'customer_c',    'ok 1',         'ok 1',         'ok 1'),

  ('chairs',                'anon',       'chair_a',       'no privilege', 'no privilege', 'no privilege'),
  ('chairs',                'customer_a', 'chair_a',       'rls refused',  'ok 0',         'ok 0'),
  ('chairs',                'engineer_a', 'chair_a',       'rls refused',  'ok 0',         'ok 0'),
  ('chairs',                'vendor',     'chair_a',       'rls refused',  'ok 0',         'ok 0'),
  ('chairs',                'admin',      'chair_a',       'ok 1',         'ok 1',         'ok 1'),

  ('parts',                 'anon',       'part',          'no privilege', 'no privilege', 'no privilege'),
  ('parts',                 'customer_a', 'part',          'rls refused',  'ok 0',         'ok 0'),
  ('parts',                 'engineer_a', 'part',          'rls refused',  'ok 0',         'ok 0'),
  ('parts',                 'vendor',     'part',          'rls refused',  'ok 0',         'ok 0'),
  ('parts',                 'admin',      'part',          'ok 1',         'ok 1',         'ok 1'),

  ('training_resources',    'anon',       'training',      'no privilege', 'no privilege', 'no privilege'),
  ('training_resources',    'customer_a', 'training',      'rls refused',  'ok 0',         'ok 0'),
  ('training_resources',    'engineer_a', 'training',      'rls refused',  'ok 0',         'ok 0'),
  ('training_resources',    'vendor',     'training',      'rls refused',  'ok 0',         'ok 0'),
  ('training_resources',    'admin',      'training',      'ok 1',         'ok 1',         'ok 1'),

  ('support_tickets',       'anon',       'ticket_a_eng_a', 'no privilege', 'no privilege', 'no privilege'),
  ('support_tickets',       'customer_a', 'ticket_a_eng_a', 'ok 1',         'ok 0',         'ok 0'),
  ('support_tickets',       'engineer_a', 'ticket_a_eng_a', 'rls refused',  'ok 0',         'ok 0'),
  ('support_tickets',       'vendor',     'ticket_a_eng_a', 'rls refused',  'ok 0',         'ok 0'),
  ('support_tickets',       'admin',      'ticket_a_eng_a', 'ok 1',         'ok 1',         'ok 1'),

  ('service_requests',      'anon',       'request_a_eng_a', 'no privilege', 'no privilege', 'no privilege'),
  ('service_requests',      'customer_a', 'request_a_eng_a', 'ok 1',         'ok 0',         'ok 0'),
  ('service_requests',      'engineer_a', 'request_a_eng_a', 'rls refused',  'ok 0',         'ok 0'),
  ('service_requests',      'vendor',     'request_a_eng_a', 'rls refused',  'ok 0',         'ok 0'),
  ('service_requests',      'admin',      'request_a_eng_a', 'ok 1',         'ok 1',         'ok 1'),

  ('part_requests',         'anon',       'part_request_a', 'no privilege', 'no privilege', 'no privilege'),
  ('part_requests',         'customer_a', 'part_request_a', 'ok 1',         'ok 0',         'ok 0'),
  ('part_requests',         'engineer_a', 'part_request_a', 'rls refused',  'ok 0',         'ok 0'),
  ('part_requests',         'vendor',     'part_request_a', 'rls refused',  'ok 0',         'ok 0'),
  ('part_requests',         'admin',      'part_request_a', 'ok 1',         'ok 1',         'ok 1'),

  ('installations',         'anon',       'installation_a', 'no privilege', 'no privilege', 'no privilege'),
  ('installations',         'customer_a', 'installation_a', 'rls refused',  'ok 0',         'ok 0'),
  ('installations',         'engineer_a', 'installation_a', 'rls refused',  'ok 0',         'ok 0'),
  ('installations',         'vendor',     'installation_a', 'rls refused',  'ok 0',         'ok 0'),
  ('installations',         'admin',      'installation_a', 'ok 1',         'ok 1',         'ok 1'),

  -- Written only through public.device_health_report, by the reporting user.
  ('device_health',         'anon',       'device_eng_a',  'no privilege', 'no privilege', 'no privilege'),
  ('device_health',         'customer_a', 'device_cust_a', 'no privilege', 'no privilege', 'no privilege'),
  ('device_health',         'engineer_a', 'device_eng_a',  'no privilege', 'no privilege', 'no privilege'),
  ('device_health',         'vendor',     'device_eng_a',  'no privilege', 'no privilege', 'no privilege'),
  ('device_health',         'admin',      'device_eng_a',  'no privilege', 'no privilege', 'no privilege'),

  ('applied_mutations',     'anon',       'ledger',        'no privilege', 'no privilege', 'no privilege'),
  ('applied_mutations',     'customer_a', 'ledger',        'no privilege', 'no privilege', 'no privilege'),
  ('applied_mutations',     'engineer_a', 'ledger',        'no privilege', 'no privilege', 'no privilege'),
  ('applied_mutations',     'vendor',     'ledger',        'no privilege', 'no privilege', 'no privilege'),
  ('applied_mutations',     'admin',      'ledger',        'no privilege', 'no privilege', 'no privilege'),

  ('app_settings',          'anon',       'setting',       'no privilege', 'no privilege', 'no privilege'),
  ('app_settings',          'customer_a', 'setting',       'rls refused',  'ok 0',         'ok 0'),
  ('app_settings',          'engineer_a', 'setting',       'rls refused',  'ok 0',         'ok 0'),
  ('app_settings',          'vendor',     'setting',       'rls refused',  'ok 0',         'ok 0'),
  ('app_settings',          'admin',      'setting',       'ok 1',         'ok 1',         'ok 1'),

  -- Written only by the departure triggers and the prune (definer functions).
  ('sync_departures',       'anon',       'departure',     'no privilege', 'no privilege', 'no privilege'),
  ('sync_departures',       'customer_a', 'departure',     'no privilege', 'no privilege', 'no privilege'),
  ('sync_departures',       'engineer_a', 'departure',     'no privilege', 'no privilege', 'no privilege'),
  ('sync_departures',       'vendor',     'departure',     'no privilege', 'no privilege', 'no privilege'),
  ('sync_departures',       'admin',      'departure',     'no privilege', 'no privilege', 'no privilege'),

  ('sync_departures_state', 'anon',       'departure_state', 'no privilege', 'no privilege', 'no privilege'),
  ('sync_departures_state', 'customer_a', 'departure_state', 'no privilege', 'no privilege', 'no privilege'),
  ('sync_departures_state', 'engineer_a', 'departure_state', 'no privilege', 'no privilege', 'no privilege'),
  ('sync_departures_state', 'vendor',     'departure_state', 'no privilege', 'no privilege', 'no privilege'),
  ('sync_departures_state', 'admin',      'departure_state', 'no privilege', 'no privilege', 'no privilege')
) as w(tbl, who, target, insert_want, update_want, delete_want)
cross join lateral (values (1, 'insert', w.insert_want), (2, 'update', w.update_want),
                           (3, 'delete', w.delete_want)) as o(n, op, want)
join write_statement s on s.tbl = w.tbl and s.op = o.op;

-- ---------------------------------------------------------------------------------------------
-- A customer and another customer's rows: not read by id, not changed, not removed, and no row
-- inserted on the other's behalf or on the other's chair.
-- ---------------------------------------------------------------------------------------------
select is(pg_temp.attempt('customer_a', format($$select * from public.%I where id = %L$$, f.tbl, pg_temp.id(f.target))),
          'ok 0', format('customer_a cannot read %s %s by id', f.tbl, f.target))
from (values ('users', 'customer_b'), ('chairs', 'chair_b'), ('support_tickets', 'ticket_b_eng_b'),
             ('support_tickets', 'ticket_b_open'), ('service_requests', 'request_b_eng_b'),
             ('service_requests', 'request_b_open'), ('part_requests', 'part_request_b'),
             ('installations', 'installation_b')) as f(tbl, target);

select is(pg_temp.attempt('customer_a', format(f.statement, pg_temp.id(f.target))), 'ok 0',
          format('customer_a cannot %s', f.what))
from (values
  ('change customer_b''s profile', 'customer_b', $$update public.users set name = 'hijacked' where id = %L$$),
  ('change chair_b', 'chair_b', $$update public.chairs set model_name = 'hijacked' where id = %L$$),
  ('change ticket_b_open', 'ticket_b_open', $$update public.support_tickets set description = 'hijacked' where id = %L$$),
  ('change request_b_open', 'request_b_open', $$update public.service_requests set notes = 'hijacked' where id = %L$$),
  ('change part_request_b', 'part_request_b', $$update public.part_requests set notes = 'hijacked' where id = %L$$),
  ('delete customer_b''s profile', 'customer_b', $$delete from public.users where id = %L$$),
  ('delete chair_b', 'chair_b', $$delete from public.chairs where id = %L$$),
  ('delete ticket_b_open', 'ticket_b_open', $$delete from public.support_tickets where id = %L$$),
  ('delete request_b_open', 'request_b_open', $$delete from public.service_requests where id = %L$$),
  ('delete part_request_b', 'part_request_b', $$delete from public.part_requests where id = %L$$)
) as f(what, target, statement);

select is(pg_temp.attempt('customer_a', f.statement), 'rls refused', format('customer_a cannot %s', f.what))
from (values
  ('raise a ticket as customer_b',
   format($$insert into public.support_tickets (id, title, customer_user_id) values (gen_random_uuid(), 'Fake', %L)$$,
          pg_temp.id('customer_b'))),
  ('raise a ticket on chair_b',
   format($$insert into public.support_tickets (id, title, customer_user_id, chair_id) values (gen_random_uuid(), 'On their chair', auth.uid(), %L)$$,
          pg_temp.id('chair_b'))),
  ('request a service visit as customer_b',
   format($$insert into public.service_requests (id, customer_user_id) values (gen_random_uuid(), %L)$$,
          pg_temp.id('customer_b'))),
  ('request a service visit on chair_b',
   format($$insert into public.service_requests (id, customer_user_id, chair_id) values (gen_random_uuid(), auth.uid(), %L)$$,
          pg_temp.id('chair_b'))),
  ('order parts as customer_b',
   format($$insert into public.part_requests (id, user_id, items) values (gen_random_uuid(), %L, '[]')$$,
          pg_temp.id('customer_b'))),
  ('order parts for chair_b',
   format($$insert into public.part_requests (id, user_id, chair_id, items) values (gen_random_uuid(), auth.uid(), %L, '[]')$$,
          pg_temp.id('chair_b')))
) as f(what, statement);

-- A customer's direct insert is only ever a new, unassigned, open ticket or pending request.
select is(pg_temp.attempt('customer_a', f.statement), 'rls refused', format('customer_a cannot insert %s', f.what))
from (values
  ('a ticket already assigned to an engineer',
   format($$insert into public.support_tickets (id, title, customer_user_id, engineer_user_id) values (gen_random_uuid(), 'Mine', auth.uid(), %L)$$,
          pg_temp.id('engineer_a'))),
  ('a ticket already resolved',
   $$insert into public.support_tickets (id, title, customer_user_id, status, resolution) values (gen_random_uuid(), 'Mine', auth.uid(), 'RESOLVED', 'Done')$$),
  ('a ticket with service notes',
   $$insert into public.support_tickets (id, title, customer_user_id, service_notes) values (gen_random_uuid(), 'Mine', auth.uid(), '{"timeSpent": 1}')$$),
  ('a service request already scheduled',
   $$insert into public.service_requests (id, customer_user_id, status) values (gen_random_uuid(), auth.uid(), 'SCHEDULED')$$),
  ('a service request already confirmed',
   $$insert into public.service_requests (id, customer_user_id, confirmed_at) values (gen_random_uuid(), auth.uid(), now())$$),
  ('a part request already ordered',
   $$insert into public.part_requests (id, user_id, items, status) values (gen_random_uuid(), auth.uid(), '[]', 'ORDERED')$$)
) as f(what, statement);

-- ---------------------------------------------------------------------------------------------
-- The profile guard: own profile edits, never the role nor what a supervisor manages.
-- ---------------------------------------------------------------------------------------------
select is(pg_temp.attempt(r.who, $$update public.users set role = 'ADMIN' where id = auth.uid()$$),
          '42501: Only an administrator can change a role',
          format('%s cannot raise its own role', r.who))
from (values ('customer_a'), ('engineer_a'), ('vendor')) as r(who);

select is(pg_temp.attempt('engineer_a',
            $$update public.users set engineer = '{"certifications": ["Sigma S30 master"]}' where id = auth.uid()$$),
          '42501: Certifications, availability and metrics are managed by your supervisor',
          'an engineer cannot certify themselves');
select is(pg_temp.attempt('engineer_a',
            $$update public.users set engineer = '{"location": "Leeds"}' where id = auth.uid()$$),
          'ok 1', 'an engineer edits their own location');
select is(pg_temp.attempt('vendor', format($$update public.users set role = 'ADMIN' where id = %L$$,
                                           pg_temp.id('engineer_a'))),
          'ok 0', 'a vendor cannot change an engineer''s role (0 rows)');
select is(pg_temp.attempt('admin', format($$update public.users set role = 'VENDOR' where id = %L$$,
                                          pg_temp.id('engineer_a'))),
          'ok 1', 'an admin changes a role');
select is(pg_temp.attempt('gone', $$update public.users set phone = '0999' where id = auth.uid()$$),
          'ok 0', 'a soft-deleted user cannot edit their profile');

-- Deactivating an account is the admin's user.delete (migration 0026): a direct update of one's
-- own deleted_at, e-mail or created_at is refused.
select is(pg_temp.attempt('customer_a', $$update public.users set deleted_at = now() where id = auth.uid()$$),
          '42501: Only an administrator can deactivate an account or change its e-mail',
          'a user cannot deactivate their own account through the table');

-- ---------------------------------------------------------------------------------------------
-- The schedule board's due chairs (migration 0027): a vendor also reads the chairs registered to
-- a customer that have a next service date, with or without a request, so the queue can offer the
-- ones falling due; never the stock, nor a chair no inspection is planned for. Customers still
-- read only their own. (Added after the matrix, whose world they would change.)
-- ---------------------------------------------------------------------------------------------
insert into public.chairs (id, serial_number, model, owner_user_id, status, service) values
  (pg_temp.add('chair_due', gen_random_uuid()::text)::uuid, 'PGTAP-DUE-' || gen_random_uuid(), 'S30',
   pg_temp.id('customer_b'), 'REGISTERED',
   jsonb_build_object('nextServiceDue', to_char(current_date + 3, 'YYYY-MM-DD'))),
  (pg_temp.add('chair_overdue', gen_random_uuid()::text)::uuid, 'PGTAP-OVERDUE-' || gen_random_uuid(), 'U500',
   pg_temp.id('customer_c'), 'REGISTERED',
   jsonb_build_object('nextServiceDue', to_char(current_date - 40, 'YYYY-MM-DD'))),
  (pg_temp.add('chair_undated', gen_random_uuid()::text)::uuid, 'PGTAP-UNDATED-' || gen_random_uuid(), 'S30',
   pg_temp.id('customer_b'), 'REGISTERED', null),
  (pg_temp.add('chair_stock_dated', gen_random_uuid()::text)::uuid, 'PGTAP-STOCK-DATED-' || gen_random_uuid(), 'S30',
   null, 'IN_STOCK', jsonb_build_object('nextServiceDue', to_char(current_date + 3, 'YYYY-MM-DD')));

select is(pg_temp.sees(r.who, 'public.chairs'), r.sees,
          format('select chairs as %s, with due chairs: %s', r.who, array_to_string(r.sees, ', ')))
from (values
  ('vendor',     '{chair_a,chair_b,chair_due,chair_overdue}'::text[]),
  ('customer_b', '{chair_b,chair_due,chair_undated}'),
  ('customer_a', '{chair_a}'),
  ('engineer_a', '{chair_a,chair_b,chair_due,chair_overdue,chair_stock,chair_stock_dated,chair_undated}'),
  ('admin',      '{chair_a,chair_b,chair_due,chair_overdue,chair_stock,chair_stock_dated,chair_undated}'),
  ('gone',       '{}')
) as r(who, sees);

-- Reading them is all: a vendor still changes no chair directly (the booking is a guarded
-- operation, guarded-operations.test.sql).
select is(pg_temp.attempt('vendor', format($$update public.chairs set model_name = 'Changed' where id = %L$$,
                                           pg_temp.id('chair_due'))),
          'ok 0', 'a vendor cannot update a due chair it reads (0 rows)');

select * from finish();
rollback;
