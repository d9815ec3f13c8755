-- Service photos (issue 20): the storage.objects policies of migration 0002 and the bucket of
-- migration 0014, as the Storage API uses them (it runs each request's SQL with the caller's role
-- and claims). A photo is named '<tickets|installations>/<work id>/<photo>' in the private
-- service-photos bucket. The engineer of the work (the ticket's assigned engineer, the installing
-- engineer) adds photos, once each; the engineer and the customer of the work (an installation's
-- customer is its chair's owner), admins and vendors read them; nobody replaces or removes one
-- through the API. Fixture objects are rows only (the files are the Storage API's); they are
-- written as service_role, as the Storage API's own admin would.
begin;
\ir fixtures.psql
select plan(41);
select pg_temp.make_world();

-- A ticket of the soft-deleted customer, assigned to engineer_b, with a photo.
insert into public.support_tickets (id, title, description, status, customer_user_id, engineer_user_id)
values (pg_temp.add('ticket_gone', gen_random_uuid()::text)::uuid, 'Gone''s ticket', 'Before the account was deleted',
        'IN_PROGRESS', pg_temp.id('gone'), pg_temp.id('engineer_b'));

create temp table photo (label text, name text, owner uuid);
grant select on pg_temp.photo to public;
insert into pg_temp.photo
select p.label, pg_temp.add(p.label, p.name), p.owner
  from (values
    ('photo_ticket_a', format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), pg_temp.id('engineer_a')),
    ('photo_installation_a', format('installations/%s/%s.jpg', pg_temp.id('installation_a'), gen_random_uuid()), pg_temp.id('engineer_a')),
    ('photo_ticket_b', format('tickets/%s/%s.png', pg_temp.id('ticket_b_eng_b'), gen_random_uuid()), pg_temp.id('engineer_b')),
    -- On a ticket nobody is assigned to now (its engineer was taken off it).
    ('photo_open_a', format('tickets/%s/%s.png', pg_temp.id('ticket_a_open'), gen_random_uuid()), pg_temp.id('engineer_b')),
    ('photo_gone', format('tickets/%s/%s.png', pg_temp.id('ticket_gone'), gen_random_uuid()), pg_temp.id('engineer_b')),
    -- A name of no work's shape (written past the API).
    ('photo_stray', format('elsewhere/%s/a.png', gen_random_uuid()), null)
  ) as p(label, name, owner);
set local role service_role;
insert into storage.objects (bucket_id, name, owner)
select 'service-photos', p.name, p.owner from pg_temp.photo p;
reset role;

-- The bucket: private (no public URL bypasses the policies), 5 MB, images only.
select results_eq(
  $$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'service-photos' $$,
  $$ values (false, 5242880::bigint, array['image/jpeg', 'image/png', 'image/webp']) $$,
  'the service-photos bucket is private, 5 MB, JPEG, PNG or WebP'
);

-- ---------------------------------------------------------------------------------------------
-- Who reads which photo (the Storage API's download, list and signed URL all select the row).
-- ---------------------------------------------------------------------------------------------
select is(pg_temp.sees(r.who, 'storage.objects', 'name'), r.sees,
          format('%s reads %s', r.who, coalesce(nullif(array_to_string(r.sees, ', '), ''), 'no photo')))
from (values
  ('customer_a', '{photo_installation_a,photo_open_a,photo_ticket_a}'::text[]),
  ('customer_b', '{photo_ticket_b}'),
  ('engineer_a', '{photo_installation_a,photo_ticket_a}'),
  ('engineer_b', '{photo_gone,photo_ticket_b}'),
  ('vendor',     '{photo_gone,photo_installation_a,photo_open_a,photo_stray,photo_ticket_a,photo_ticket_b}'),
  ('admin',      '{photo_gone,photo_installation_a,photo_open_a,photo_stray,photo_ticket_a,photo_ticket_b}')
) as r(who, sees);

-- anon reads none: no row, or no privilege at all (the platform decides anon's grant on
-- storage.objects; no policy lets it read).
select ok(pg_temp.sees('anon', 'storage.objects', 'name') in ('{}', '{permission denied}'),
          'anon reads no photo');

-- A soft-deleted customer (whose token still verifies) reads none of their work's photos
-- (migration 0026).
select is(pg_temp.sees('gone', 'storage.objects', 'name'), '{}'::text[], 'a soft-deleted customer reads no photo');

-- ---------------------------------------------------------------------------------------------
-- Who adds which photo: an INSERT with owner = the caller, as the Storage API's upload does.
-- ---------------------------------------------------------------------------------------------
select is(pg_temp.attempt(u.who, format(
            $$insert into storage.objects (bucket_id, name, owner) values (%L, %L, %s)$$,
            u.bucket, u.name, coalesce(u.owner, 'auth.uid()'))),
          u.want, format('%s uploads %s: %s', u.who, u.what, u.want))
from (values
  ('engineer_a', 'to their ticket', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'ok 1'),
  ('engineer_a', 'to their installation', 'service-photos',
   format('installations/%s/%s.webp', pg_temp.id('installation_a'), gen_random_uuid()), null, 'ok 1'),
  ('engineer_a', 'to another engineer''s ticket', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_b_eng_b'), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'to another engineer''s installation', 'service-photos',
   format('installations/%s/%s.png', pg_temp.id('installation_b'), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'to an unassigned ticket', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_open'), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'to an installation folder named by a ticket', 'service-photos',
   format('installations/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'with a path trick', 'service-photos',
   format('tickets/%s/../%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'into a subfolder', 'service-photos',
   format('tickets/%s/sub/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'outside the work folders', 'service-photos',
   format('elsewhere/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'under a folder that is not an id', 'service-photos',
   'tickets/not-a-uuid/a.png', null, 'rls refused'),
  ('engineer_a', 'under the ticket id in upper case', 'service-photos',
   format('tickets/%s/%s.png', upper(pg_temp.id('ticket_a_eng_a')::text), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'in another bucket', 'avatars',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused'),
  ('engineer_a', 'as another user (owner engineer_b)', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()),
   quote_literal(pg_temp.id('engineer_b')), 'rls refused'),
  ('engineer_a', 'with no owner', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), 'null', 'rls refused'),
  ('engineer_b', 'to engineer_a''s ticket', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused'),
  ('customer_a', 'to their own ticket', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused'),
  ('vendor', 'to a ticket', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused'),
  ('admin', 'to a ticket', 'service-photos',
   format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid()), null, 'rls refused')
) as u(who, what, bucket, name, owner, want);

-- A deactivated engineer adds nothing, not even to work still assigned to them.
update public.users set deleted_at = now() where id = (select pg_temp.id('engineer_b'));
select is(pg_temp.attempt('engineer_b', format(
            $$insert into storage.objects (bucket_id, name, owner) values ('service-photos', %L, auth.uid())$$,
            format('tickets/%s/%s.png', pg_temp.id('ticket_b_eng_b'), gen_random_uuid()))),
          'rls refused', 'a soft-deleted engineer uploads nothing to their ticket');
update public.users set deleted_at = null where id = (select pg_temp.id('engineer_b'));

-- anon adds nothing (refused by privilege or by policy, as the platform grants).
select ok(pg_temp.attempt('anon', format(
            $$insert into storage.objects (bucket_id, name, owner) values ('service-photos', %L, null)$$,
            format('tickets/%s/%s.png', pg_temp.id('ticket_a_eng_a'), gen_random_uuid())))
          in ('no privilege', 'rls refused'),
          'anon uploads nothing');

-- The same name again is a conflict (the Storage API answers 409), never a second object.
select matches(pg_temp.attempt('engineer_a', format(
            $$insert into storage.objects (bucket_id, name, owner) values ('service-photos', %L, auth.uid())$$,
            pg_temp.key('photo_ticket_a'))),
          '^23505: ', 'engineer_a uploading an existing photo''s name again is a conflict');

-- ---------------------------------------------------------------------------------------------
-- Nobody replaces or removes a photo through the API: an upsert, an update or a delete changes
-- nothing: it is refused by privilege, by policy or by the platform's delete guard (hosted
-- refuses direct deletes on storage.objects), or finds no row it may change ('ok 0').
-- ---------------------------------------------------------------------------------------------
create function pg_temp.changes_nothing(outcome text) returns boolean
language sql immutable
as $$ select outcome in ('ok 0', 'no privilege', 'rls refused') or outcome like '42501:%' $$;

select ok(pg_temp.changes_nothing(pg_temp.attempt(c.who, format(c.statement, pg_temp.key('photo_ticket_a')))),
          format('%s cannot %s a photo', c.who, c.what))
from (values
  ('engineer_a', 'replace (upsert)',
   $$insert into storage.objects (bucket_id, name, owner) values ('service-photos', %L, auth.uid())
     on conflict (bucket_id, name) do update set owner = excluded.owner, metadata = '{"replaced": true}'$$),
  ('engineer_a', 'update', $$update storage.objects set metadata = '{"replaced": true}' where name = %L$$),
  ('engineer_a', 'delete', $$delete from storage.objects where name = %L$$),
  ('customer_a', 'update', $$update storage.objects set metadata = '{"replaced": true}' where name = %L$$),
  ('customer_a', 'delete', $$delete from storage.objects where name = %L$$),
  ('vendor', 'update', $$update storage.objects set metadata = '{"replaced": true}' where name = %L$$),
  ('vendor', 'delete', $$delete from storage.objects where name = %L$$),
  ('admin', 'update', $$update storage.objects set metadata = '{"replaced": true}' where name = %L$$),
  ('admin', 'delete', $$delete from storage.objects where name = %L$$),
  ('anon', 'update', $$update storage.objects set metadata = '{"replaced": true}' where name = %L$$),
  ('anon', 'delete', $$delete from storage.objects where name = %L$$)
) as c(who, what, statement);

select * from finish();
rollback;
