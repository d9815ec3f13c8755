-- What the API roles hold in the project's schemas (public, private), whatever the platform's
-- default privileges granted when the migrations created each object (hosted Supabase grants
-- ALL on every new table, sequence and function in public to anon and authenticated, and
-- PostgreSQL grants EXECUTE on every function to PUBLIC):
--   anon holds nothing: no table, sequence or function privilege (it signs up and in through
--   GoTrue, outside these schemas);
--   authenticated holds no TRUNCATE (it ignores row-level security), REFERENCES or TRIGGER, and
--   executes in public only what the app calls over /rpc (the guarded operations, the sync and
--   card functions);
--   every table an API role can reach has row-level security on, and every SECURITY DEFINER
--   function a fixed search_path.
-- Objects that belong to an extension (pgTAP's own, when it is installed in public) are not the
-- project's and are left out.
begin;
select plan(7);

create temp view project_relation as
  select c.oid, c.oid::regclass::text as name, c.relkind
    from pg_class c
   where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
     and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
     and not exists (select 1 from pg_depend d
                      where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e');

create temp view project_function as
  select p.oid, p.pronamespace::regnamespace::text as schema, p.proname::text as name,
         p.oid::regprocedure::text as signature, p.prosecdef, p.proconfig
    from pg_proc p
   where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
     and not exists (select 1 from pg_depend d
                      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e');

select is_empty(
  $$ select r.name, p.privilege from pg_temp.project_relation r
       cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(privilege)
      where r.relkind <> 'S' and has_table_privilege('anon', r.oid, p.privilege)
     union all
     select r.name, p.privilege from pg_temp.project_relation r
       cross join unnest(array['USAGE', 'SELECT', 'UPDATE']) as p(privilege)
      where r.relkind = 'S' and has_sequence_privilege('anon', r.oid, p.privilege)
     order by 1, 2 $$,
  'anon holds no privilege on any table, view or sequence of public or private'
);

select is_empty(
  $$ select f.signature from pg_temp.project_function f
      where has_function_privilege('anon', f.oid, 'EXECUTE') order by 1 $$,
  'anon may execute no function of public or private'
);

select is_empty(
  $$ select r.name, p.privilege from pg_temp.project_relation r
       cross join unnest(array['TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(privilege)
      where r.relkind <> 'S' and has_table_privilege('authenticated', r.oid, p.privilege)
      order by 1, 2 $$,
  'authenticated holds no TRUNCATE, REFERENCES or TRIGGER on any table'
);

-- What /rpc serves a signed-in user: the 35 guarded operations, and the sync, card and lookup
-- functions (tests/integration/rpc-exposure.test.ts holds the same list).
select set_eq(
  $$ select distinct f.name from pg_temp.project_function f
      where f.schema = 'public' and has_function_privilege('authenticated', f.oid, 'EXECUTE') $$,
  array[
    'ticket_create', 'ticket_take', 'ticket_assign', 'ticket_set_status',
    'ticket_update_service_notes', 'ticket_add_part', 'ticket_remove_part', 'ticket_resolve',
    'service_request_create', 'service_request_take', 'service_request_assign',
    'service_request_schedule', 'service_request_cancel', 'service_request_complete',
    'service_request_book', 'chair_register', 'chair_activate_warranty', 'chair_submit_test_sheet', 'chair_extend_warranty',
    'installation_complete', 'part_request_create', 'part_request_set_status', 'profile_update',
    'user_create', 'user_update', 'user_delete', 'user_set_role', 'chair_add', 'chair_assign_owner',
    'part_add', 'part_update', 'part_delete', 'training_add', 'training_update', 'training_delete',
    'chair_lookup_serial', 'current_user_role', 'device_health_report', 'mutation_applied',
    'ops_batch', 'my_engineer_contacts', 'sync_home_figures', 'sync_pull', 'sync_rows',
    'vendor_customer_cards'],
  'authenticated executes in public exactly what the app calls over /rpc'
);

select is_empty(
  $$ select r.name from pg_temp.project_relation r join pg_class c on c.oid = r.oid
      where r.relkind in ('r', 'p') and not c.relrowsecurity
        and exists (select 1 from unnest(array['anon', 'authenticated']) as role(name)
                     cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) as p(privilege)
                     where has_table_privilege(role.name, r.oid, p.privilege))
      order by 1 $$,
  'every table an API role can reach has row-level security on'
);

select is_empty(
  $$ select f.signature from pg_temp.project_function f
      where f.prosecdef
        and not exists (select 1 from unnest(f.proconfig) as s(setting) where s.setting like 'search_path=%')
      order by 1 $$,
  'every SECURITY DEFINER function sets its search_path'
);

-- The helper schema is no API's: PostgREST serves public only, and anon may not even look in.
select ok(not has_schema_privilege('anon', 'private', 'USAGE'), 'anon has no usage on schema private');

select * from finish();
rollback;
