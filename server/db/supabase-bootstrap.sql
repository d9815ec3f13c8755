-- Local stand-in for what hosted Supabase provides before any project migration runs, shaped as
-- the platform is (../shared/HOSTED-SUPABASE.md) so the stand-in is never kinder than production:
--
-- - the API roles (anon, authenticated, service_role, authenticator), the services' own roles
--   (supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin), and the role the
--   project's migrations run as: NOSUPERUSER BYPASSRLS, owning no platform object. It is named
--   by chairside.migrations_owner (server/db/database.ts): `postgres` where the cluster's
--   superuser has another name, as on hosted (supabase_admin), and `migrations_owner` on PGlite,
--   whose own superuser is `postgres`;
-- - hosted's default privileges: ALL on every new table, sequence and function that role makes in
--   public, to anon, authenticated and service_role (migration 0024 takes back what the project
--   does not mean);
-- - auth: auth.users and auth.identities with GoTrue's columns, owned by supabase_auth_admin, as
--   are auth.uid(), auth.role(), auth.email() and auth.jwt() (NULL without claims);
-- - storage: buckets and objects with Storage's columns, owned by supabase_storage_admin, no read
--   policy on buckets, and no direct DELETE (storage.protect_delete: only with
--   storage.allow_delete_query set, as the Storage API sets it);
-- - realtime: realtime.messages partitioned by day (the local Realtime server, as hosted Realtime,
--   makes the partitions from yesterday to three days ahead; this file makes the first ones), and
--   realtime.send with the caller's rights.
--
-- Run by a superuser (the platform's own, supabase_admin on hosted). Never deployed to a hosted
-- project. Idempotent: safe to run on every start.

-- Roles are cluster-wide: parallel test files bootstrapping databases of one PostgreSQL cluster
-- can both find a role missing and race to create it. The loser's duplicate_object (or the
-- unique_violation on pg_authid it can surface as) means the role is there: carry on.
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit'),
      ('supabase_auth_admin', 'login noinherit createrole'),
      ('supabase_storage_admin', 'login noinherit createrole'),
      ('supabase_realtime_admin', 'nologin noinherit'),
      (current_setting('chairside.migrations_owner'),
       'login nosuperuser createdb createrole replication bypassrls')
    ) as roles(name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.options);
      exception
        when duplicate_object or unique_violation then
          null;
      end;
    end if;
  end loop;
end
$$;

-- PostgREST's login switches to the API roles; the migrations' owner may too (pgTAP tests do),
-- and the Storage API's admin acts as the caller.
do $$
declare
  owner text := current_setting('chairside.migrations_owner');
begin
  execute format('grant anon, authenticated, service_role to authenticator, %I', owner);
  execute 'grant anon, authenticated, service_role, authenticator to supabase_storage_admin';
  execute format('grant all on database %I to %I', current_database(), owner);
  execute format('grant all on schema public to %I', owner);
  -- Hosted's default privileges for what the migrations' owner creates in public.
  execute format('alter default privileges for role %I in schema public '
                 'grant all on tables to anon, authenticated, service_role', owner);
  execute format('alter default privileges for role %I in schema public '
                 'grant all on sequences to anon, authenticated, service_role', owner);
  execute format('alter default privileges for role %I in schema public '
                 'grant all on functions to anon, authenticated, service_role', owner);
exception
  when unique_violation or duplicate_object then
    null; -- another database of the cluster granted the same membership at the same moment
end
$$;
grant usage on schema public to anon, authenticated, service_role;

-- Where hosted keeps extensions (pgTAP for `supabase test db` among them): usable by the API roles,
-- and all the migrations' owner's.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
do $$
declare
  owner text := current_setting('chairside.migrations_owner');
begin
  execute format('grant all on schema extensions to %I', owner);
  -- A role's settings are the cluster's: set once. Two bootstraps of one cluster's databases
  -- setting it at the same moment fail in one with "tuple concurrently updated" (XX000; the
  -- PostgreSQL pass's parallel test files met it): the other set the same value.
  if not exists (select 1 from pg_db_role_setting s
                  where s.setrole = owner::regrole and s.setdatabase = 0
                    and 'search_path="$user", public, extensions' = any (s.setconfig)) then
    begin
      execute format('alter role %I set search_path to "$user", public, extensions', owner);
    exception
      when internal_error then
        null;
    end;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- auth (GoTrue)
-- ---------------------------------------------------------------------------------------------
create schema if not exists auth authorization supabase_auth_admin;

create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email)
  where is_sso_user = false;
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

-- Refresh tokens issued by the local auth endpoints (server/auth.ts); rotated on use. Each
-- belongs to one session's family (reusing a rotated token revokes the family), and expires.
create table if not exists auth.refresh_tokens (
  token text primary key,
  user_id uuid not null,
  revoked boolean default false,
  created_at timestamptz default now(),
  session_id uuid,
  expires_at timestamptz,
  revoked_at timestamptz
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_user_idx on auth.refresh_tokens (user_id);

-- GoTrue's own definitions: the claims PostgREST set for the transaction, NULL when none.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;

grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.uid(), auth.role(), auth.jwt(), auth.email()
  to anon, authenticated, service_role;
-- Hosted grants the migrations' owner ALL on auth's tables (rows and TRIGGER: the sign-up
-- trigger), never their ownership.
do $$
begin
  execute format('grant usage on schema auth to %I', current_setting('chairside.migrations_owner'));
  execute format('grant all on all tables in schema auth to %I',
                 current_setting('chairside.migrations_owner'));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- storage (the subset server/storage.ts serves: buckets, and objects whose rows the project's
-- storage.objects policies guard; the files live in the server's storage directory)
-- ---------------------------------------------------------------------------------------------
create schema if not exists storage authorization supabase_storage_admin;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  level integer
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);

-- Deletes go through the Storage API, which sets storage.allow_delete_query for its own.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter function storage.protect_delete() owner to supabase_storage_admin;
grant usage on schema storage to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
do $$
begin
  execute format('grant usage on schema storage to %I', current_setting('chairside.migrations_owner'));
  execute format('grant all on all tables in schema storage to %I',
                 current_setting('chairside.migrations_owner'));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- realtime (the subset server/realtime.ts serves): realtime.messages, whose RLS policies (written
-- by the project's migrations) decide who may join which private channel, read its broadcasts
-- and presence, and write presence; realtime.topic(), the topic being joined while those policies
-- run; and realtime.send(), which stores a broadcast message. Hosted Supabase reads the stored
-- message from the write-ahead log; locally realtime.send also signals it with
-- pg_notify('realtime_broadcast', …), delivered when the transaction commits, never before and
-- never for a rolled-back one. As hosted, a failure to send (no partition for the day, a policy)
-- is a warning, not an error: a lost message never fails the write that sent it.
-- ---------------------------------------------------------------------------------------------
create schema if not exists realtime authorization supabase_realtime_admin;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
) partition by range (inserted_at);
create index if not exists messages_inserted_at_topic_index
  on realtime.messages (inserted_at desc, topic);
alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;

-- The day partitions hosted Realtime makes when it connects: yesterday to three days ahead.
create or replace function realtime.chairside_ensure_partitions() returns void
language plpgsql
as $$
declare
  day date;
begin
  for day in select generate_series(current_date - 1, current_date + 3, interval '1 day')::date loop
    begin
      execute format(
        'create table if not exists realtime.%I partition of realtime.messages for values from (%L) to (%L)',
        'messages_' || to_char(day, 'YYYY_MM_DD'), day, day + 1);
      execute format('alter table realtime.%I owner to supabase_realtime_admin',
                     'messages_' || to_char(day, 'YYYY_MM_DD'));
    exception
      when duplicate_table or unique_violation then
        null; -- made at the same moment by another caller
    end;
  end loop;
end
$$;
select realtime.chairside_ensure_partitions();
revoke all on function realtime.chairside_ensure_partitions() from public;

grant usage on schema realtime to anon, authenticated, service_role;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
do $$
begin
  execute format('grant usage on schema realtime to %I', current_setting('chairside.migrations_owner'));
  execute format('grant select, insert, update on realtime.messages to %I',
                 current_setting('chairside.migrations_owner'));
end
$$;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;

-- With the caller's rights, as hosted's: the caller's privileges and the policies on
-- realtime.messages decide whether the message is stored.
create or replace function realtime.send(
  payload jsonb,
  event text,
  topic text,
  private boolean default true
) returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    final_payload := case when payload ? 'id' then payload
                          else jsonb_set(payload, '{id}', to_jsonb(generated_id)) end;
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
    perform pg_notify(
      'realtime_broadcast',
      json_build_object('topic', topic, 'event', event, 'private', private,
                        'payload', final_payload)::text
    );
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;
alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.chairside_ensure_partitions() owner to supabase_realtime_admin;
grant execute on function realtime.topic() to anon, authenticated, service_role;
grant execute on function realtime.send(jsonb, text, text, boolean) to authenticated, service_role;
