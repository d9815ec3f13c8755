-- Local stand-in for what hosted Supabase provides before any project migration runs:
-- the API roles, the auth schema with auth.users, and auth.uid() / auth.role() / auth.jwt().
-- Never deployed to a hosted project. Idempotent: safe to run on every start.

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
      ('service_role', 'nologin noinherit bypassrls')
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

create schema if not exists auth;

create table if not exists auth.users (
  id uuid primary key,
  email text unique,
  encrypted_password text,
  raw_user_meta_data jsonb default '{}'::jsonb,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claims', true), '')::jsonb,
    '{}'::jsonb
  )
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), '')::uuid,
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')::uuid
  )
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;
grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;

-- Refresh tokens issued by the local auth endpoints (server/auth.ts); rotated on use.
create table if not exists auth.refresh_tokens (
  token text primary key,
  user_id uuid not null,
  revoked boolean default false,
  created_at timestamptz default now()
);

-- Sessions: each refresh token belongs to one session's family (reusing a rotated token revokes
-- the family), and expires.
alter table auth.refresh_tokens add column if not exists session_id uuid;
alter table auth.refresh_tokens add column if not exists expires_at timestamptz;
alter table auth.refresh_tokens add column if not exists revoked_at timestamptz;
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_user_idx on auth.refresh_tokens (user_id);

-- Storage, as hosted Supabase provides it before any migration (the subset server/storage.ts
-- serves): buckets, and objects whose rows the project's storage.objects policies guard. The
-- files themselves live in the server's storage directory, one per (bucket, name).
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bucket_id, name)
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant select on storage.buckets to anon, authenticated, service_role;
grant select, insert on storage.objects to authenticated, service_role;
grant update, delete on storage.objects to service_role;

-- Hosted Supabase lets everyone read bucket rows through its own policies; so does this.
do $$
begin
  if not exists (select 1 from pg_policies where schemaname = 'storage' and tablename = 'buckets'
                  and policyname = 'buckets_read') then
    create policy buckets_read on storage.buckets for select using (true);
  end if;
end
$$;

-- Realtime, as hosted Supabase provides it before any migration (the subset server/realtime.ts
-- serves): realtime.messages, whose RLS policies (written by the project's migrations) decide who
-- may join which private channel, read its broadcasts and presence, and write presence;
-- realtime.topic(), the topic being joined while those policies run; and realtime.send(), which
-- stores a broadcast message and hands it to the server's sockets. Hosted Supabase reads the
-- stored message from the write-ahead log; locally realtime.send also signals it with
-- pg_notify('realtime_broadcast', …), delivered when the transaction commits, never before and
-- never for a rolled-back one. Like hosted, a failure to send is a warning, not an error: a lost
-- message never fails the write that sent it.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index
  on realtime.messages (inserted_at desc, topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated;
grant all on realtime.messages to service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

create or replace function realtime.send(
  payload jsonb,
  event text,
  topic text,
  private boolean default true
) returns void
language plpgsql
as $$
begin
  begin
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
    perform pg_notify(
      'realtime_broadcast',
      json_build_object('topic', topic, 'event', event, 'private', private, 'payload', payload)::text
    );
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to authenticated, service_role;
