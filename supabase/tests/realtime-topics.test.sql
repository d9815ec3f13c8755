-- Realtime Authorization on the project's private channels (migration 0019), checked the way
-- Supabase Realtime checks a join (Realtime.Tenants.Authorization):
--   read (joining, receiving broadcasts or presence): in a transaction it rolls back, Realtime
--   inserts one probe message per extension (broadcast, presence) for the topic as its own admin,
--   then sets role (from the JWT's role claim), realtime.topic, request.jwt.claims and
--   request.headers with set_config(..., true), and SELECTs the probes: each one it reads grants
--   that extension;
--   write (presence tracking, client broadcasts): the same settings, then an INSERT of a message
--   for the topic per extension under a savepoint; insufficient_privilege means no.
-- Realtime sets neither request.jwt.claim.sub nor .role: auth.uid() reads the claims' sub, so
-- these checks clear both, as Realtime's session has none.
--
-- The probes are inserted as service_role (BYPASSRLS, granted INSERT on realtime.messages by
-- Realtime's own migrations), since on hosted the migration owner `postgres` may hold only
-- SELECT there. realtime.messages is partitioned by day on hosted (Realtime creates the
-- partitions): the probes carry inserted_at = now().
--
-- The rules (0019's header): a user joins their own user:<id> topic and their role's topic
-- (role:<ROLE>); engineers and vendors read field-team's broadcasts, vendors alone its presence;
-- only engineers write presence there; nobody writes a broadcast (only the database's triggers
-- send pokes); anon and a soft-deleted user join nothing.
begin;
\ir fixtures.psql
select plan(91);
select pg_temp.make_world();

-- The settings Realtime gives its authorization queries, for `who` joining `topic`.
create function pg_temp.as_realtime(who text, topic text) returns void
language plpgsql
as $$
declare
  claims jsonb;
begin
  if who = 'anon' then
    claims := '{"role": "anon", "iss": "supabase"}';
  else
    claims := jsonb_build_object('sub', pg_temp.id(who), 'role', 'authenticated',
                                 'aud', 'authenticated', 'iss', 'supabase');
  end if;
  perform set_config('role', claims ->> 'role', true);
  perform set_config('realtime.topic', topic, true);
  perform set_config('request.jwt.claims', claims::text, true);
  perform set_config('request.headers', '{}', true);
  perform set_config('request.jwt.claim.sub', '', true);
  perform set_config('request.jwt.claim.role', '', true);
end
$$;

-- Read: the extensions whose probe `who` can select on `topic` ({permission denied}: the role
-- may not select realtime.messages at all). Undone, as Realtime rolls its transaction back.
create function pg_temp.reads(who text, topic text) returns text[]
language plpgsql
as $$
declare
  broadcast_probe uuid := gen_random_uuid();
  presence_probe uuid := gen_random_uuid();
  seen text[];
begin
  begin
    perform set_config('role', 'service_role', true);
    insert into realtime.messages (id, topic, extension, inserted_at, updated_at)
    values (broadcast_probe, reads.topic, 'broadcast', now(), now()),
           (presence_probe, reads.topic, 'presence', now(), now());
    perform set_config('role', 'none', true);
    perform pg_temp.as_realtime(who, topic);
    seen := array(
      select m.extension::text from realtime.messages m
       where m.topic = reads.topic
         and ((m.extension = 'broadcast' and m.id = broadcast_probe)
              or (m.extension = 'presence' and m.id = presence_probe))
       order by 1);
    raise sqlstate 'TAPRB';
  exception
    when sqlstate 'TAPRB' then
      null;
    when insufficient_privilege then
      seen := array['permission denied'];
  end;
  return seen;
end
$$;

-- Write: the extensions `who` may insert a message for on `topic`, each tried under a savepoint
-- of its own (an error other than insufficient_privilege is returned as such). Undone.
create function pg_temp.writes(who text, topic text) returns text[]
language plpgsql
as $$
declare
  extension text;
  allowed text[] := '{}';
begin
  foreach extension in array array['broadcast', 'presence'] loop
    begin
      perform pg_temp.as_realtime(who, topic);
      insert into realtime.messages (topic, extension, inserted_at, updated_at)
      values (writes.topic, extension, now(), now());
      allowed := allowed || extension;
      raise sqlstate 'TAPRB';
    exception
      when sqlstate 'TAPRB' or insufficient_privilege then
        null;
      when others then
        allowed := allowed || (extension || ' error ' || sqlstate || ': ' || sqlerrm);
    end;
  end loop;
  return allowed;
end
$$;

-- Where realtime.messages is partitioned (hosted, Realtime's partitions by day), today's
-- partition must exist for a join to be authorised at all.
select ok(
  not exists (select 1 from pg_partitioned_table p where p.partrelid = 'realtime.messages'::regclass)
  or exists (
    select 1 from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'realtime.messages'::regclass
       and pg_get_expr(c.relpartbound, c.oid) like '%' || to_char(now(), 'YYYY-MM-DD') || '%'
  ),
  'realtime.messages can hold a message sent today'
);

-- Each caller against each topic kind. 'own' is user:<the caller's id> (anon: customer_a's);
-- 'other' is user:<customer_b's id>, someone else's topic for every caller.
create temp table topic_case (who text, topic_kind text, joins text[], writes text[]);
insert into topic_case values
  ('anon',       'own',           '{}',                    '{}'),
  ('anon',       'other',         '{}',                    '{}'),
  ('anon',       'role:CUSTOMER', '{}',                    '{}'),
  ('anon',       'role:ENGINEER', '{}',                    '{}'),
  ('anon',       'role:VENDOR',   '{}',                    '{}'),
  ('anon',       'role:ADMIN',    '{}',                    '{}'),
  ('anon',       'field-team',    '{}',                    '{}'),

  ('customer_a', 'own',           '{broadcast,presence}',  '{}'),
  ('customer_a', 'other',         '{}',                    '{}'),
  ('customer_a', 'role:CUSTOMER', '{broadcast,presence}',  '{}'),
  ('customer_a', 'role:ENGINEER', '{}',                    '{}'),
  ('customer_a', 'role:VENDOR',   '{}',                    '{}'),
  ('customer_a', 'role:ADMIN',    '{}',                    '{}'),
  ('customer_a', 'field-team',    '{}',                    '{}'),

  ('engineer_a', 'own',           '{broadcast,presence}',  '{}'),
  ('engineer_a', 'other',         '{}',                    '{}'),
  ('engineer_a', 'role:CUSTOMER', '{}',                    '{}'),
  ('engineer_a', 'role:ENGINEER', '{broadcast,presence}',  '{}'),
  ('engineer_a', 'role:VENDOR',   '{}',                    '{}'),
  ('engineer_a', 'role:ADMIN',    '{}',                    '{}'),
  -- An engineer says they are online, and sees no one else's presence.
  ('engineer_a', 'field-team',    '{broadcast}',           '{presence}'),

  ('vendor',     'own',           '{broadcast,presence}',  '{}'),
  ('vendor',     'other',         '{}',                    '{}'),
  ('vendor',     'role:CUSTOMER', '{}',                    '{}'),
  ('vendor',     'role:ENGINEER', '{}',                    '{}'),
  ('vendor',     'role:VENDOR',   '{broadcast,presence}',  '{}'),
  ('vendor',     'role:ADMIN',    '{}',                    '{}'),
  -- A vendor watches who is online, and cannot claim to be.
  ('vendor',     'field-team',    '{broadcast,presence}',  '{}'),

  ('admin',      'own',           '{broadcast,presence}',  '{}'),
  ('admin',      'other',         '{}',                    '{}'),
  ('admin',      'role:CUSTOMER', '{}',                    '{}'),
  ('admin',      'role:ENGINEER', '{}',                    '{}'),
  ('admin',      'role:VENDOR',   '{}',                    '{}'),
  ('admin',      'role:ADMIN',    '{broadcast,presence}',  '{}'),
  ('admin',      'field-team',    '{}',                    '{}'),

  -- A soft-deleted user's token still verifies; the policies see no role and let nothing in.
  ('gone',       'own',           '{}',                    '{}'),
  ('gone',       'other',         '{}',                    '{}'),
  ('gone',       'role:CUSTOMER', '{}',                    '{}'),
  ('gone',       'role:ENGINEER', '{}',                    '{}'),
  ('gone',       'role:VENDOR',   '{}',                    '{}'),
  ('gone',       'role:ADMIN',    '{}',                    '{}'),
  ('gone',       'field-team',    '{}',                    '{}');

create function pg_temp.topic_of(who text, topic_kind text) returns text
language sql volatile
as $$
  select case topic_kind
    when 'own' then 'user:' || pg_temp.id(case when who = 'anon' then 'customer_a' else who end)
    when 'other' then 'user:' || pg_temp.id('customer_b')
    else topic_kind
  end
$$;

select is(pg_temp.reads(c.who, pg_temp.topic_of(c.who, c.topic_kind)), c.joins,
          format('%s joining %s reads %s', c.who, c.topic_kind,
                 coalesce(nullif(array_to_string(c.joins, ' and '), ''), 'nothing')))
from topic_case c;

select is(pg_temp.writes(c.who, pg_temp.topic_of(c.who, c.topic_kind)), c.writes,
          format('%s on %s writes %s', c.who, c.topic_kind,
                 coalesce(nullif(array_to_string(c.writes, ' and '), ''), 'nothing')))
from topic_case c;

-- Topics are matched exactly: no other spelling of a user's or a role's topic lets anyone in.
select is(pg_temp.reads('customer_a', t.topic), '{}'::text[], format('customer_a joining %s reads nothing', t.label))
from (values
  ('user:<own id in upper case>', 'user:' || upper(pg_temp.id('customer_a')::text)),
  ('role:customer', 'role:customer'),
  ('user:<own id> with a suffix', 'user:' || pg_temp.id('customer_a') || ':x'),
  ('realtime:user:<own id>', 'realtime:user:' || pg_temp.id('customer_a'))
) as t(label, topic);

-- An engineer's presence is written on field-team only, not on the engineer's own topics.
select is(pg_temp.writes('engineer_a', t.topic), '{}'::text[], format('engineer_a writes nothing on %s', t.label))
from (values ('role:ENGINEER', 'role:ENGINEER'), ('user:<own id>', 'user:' || pg_temp.id('engineer_a')))
  as t(label, topic);

select * from finish();
rollback;
