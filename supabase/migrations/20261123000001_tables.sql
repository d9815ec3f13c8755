-- Tables: every table of the public schema with its CHECK constraints, server-assigned
-- updated_at, indexes, row level security switched on and table privileges. Policies come in the
-- next migration, the guarded operations after that (one file per entity).
--
-- Written for hosted Supabase (auth.uid(), roles anon / authenticated / service_role; the local
-- stand-in provides them in server/db/supabase-bootstrap.sql). Stored columns are snake_case of
-- SPEC §3.
--
-- Layout of supabase/migrations (each function is defined exactly once, in the file of its entity;
-- tests/integration/migrations-shape.test.ts holds that):
--   000001 tables            000002 policies          000003 mutation ledger + ops_arg_* helpers
--   000004 tickets           000005 service requests  000006 chairs and installations
--   000007 part requests     000008 users and profile 000009 admin (users, chairs)
--   000010 parts and training                         000011 sync
--   000012 device health

-- ---------------------------------------------------------------------------------------------
-- Schema private: trigger functions and the helpers that policies and operations call. The API
-- serves schema public only, so nothing here answers over /rest/v1/rpc (as Supabase projects
-- keep internals out of exposed schemas). API roles get usage so that policies calling a helper
-- (private.is_chair_owner, ...) still run as the caller; each helper's execute grant says who.
-- The public schema keeps only what the app calls: the guarded operations, sync_pull, sync_rows,
-- the card functions, current_user_role and mutation_applied. The ledger and ops_arg_* helpers
-- stay in public with execute revoked from the API roles (not callable; /rpc answers 404).
-- ---------------------------------------------------------------------------------------------
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- updated_at is always the server clock; any client-sent value is ignored.
-- ---------------------------------------------------------------------------------------------
create or replace function private.set_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- users. Every reference to users(id) is ON UPDATE CASCADE: an admin-created directory user takes
-- the auth id of the account that claims it at sign-up (handle_new_auth_user, migration 000008).
-- ---------------------------------------------------------------------------------------------
create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text,
  name text,
  role text not null default 'CUSTOMER'
    constraint users_role_check check (role in ('CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR')),
  phone text,
  address text,
  profile_picture_url text,
  practice jsonb
    constraint users_practice_type_check check (
      practice is null
      or practice ->> 'type' is null
      or practice ->> 'type' in ('DENTAL', 'MEDICAL', 'VETERINARY', 'CLINIC')
    ),
  engineer jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);

-- ---------------------------------------------------------------------------------------------
-- chairs
-- ---------------------------------------------------------------------------------------------
create table public.chairs (
  id uuid primary key default gen_random_uuid(),
  serial_number text not null constraint chairs_serial_number_key unique,
  model text not null constraint chairs_model_check check (model in ('S30', 'U500')),
  model_name text,
  configuration jsonb,
  delivery_date timestamptz,
  owner_user_id uuid references public.users (id) on update cascade on delete set null,
  status text not null default 'IN_STOCK'
    constraint chairs_status_check check (status in ('IN_STOCK', 'DELIVERED', 'REGISTERED')),
  warranty jsonb
    constraint chairs_warranty_years_check check (
      warranty is null
      or warranty ->> 'warrantyYears' is null
      or (warranty ->> 'warrantyYears')::numeric > 0
    ),
  test_sheet jsonb,
  service jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp()
);

-- ---------------------------------------------------------------------------------------------
-- parts
-- ---------------------------------------------------------------------------------------------
create table public.parts (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  part_code text,
  model text,
  diagram_url text,
  price numeric(12, 2) not null default 0 constraint parts_price_check check (price >= 0),
  stock integer not null default 0 constraint parts_stock_check check (stock >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);

-- ---------------------------------------------------------------------------------------------
-- support_tickets
-- ---------------------------------------------------------------------------------------------
create table public.support_tickets (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text,
  status text not null default 'OPEN'
    constraint support_tickets_status_check
    check (status in ('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED')),
  priority text not null default 'NORMAL'
    constraint support_tickets_priority_check
    check (priority in ('LOW', 'NORMAL', 'HIGH', 'URGENT')),
  customer_user_id uuid references public.users (id) on update cascade on delete set null,
  engineer_user_id uuid references public.users (id) on update cascade on delete set null,
  chair_id uuid references public.chairs (id) on delete set null,
  resolution text,
  service_notes jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp()
);

-- ---------------------------------------------------------------------------------------------
-- training_resources
-- ---------------------------------------------------------------------------------------------
create table public.training_resources (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  type text not null constraint training_resources_type_check check (type in ('VIDEO', 'PDF', 'FAQ')),
  url text,
  content text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp(),
  deleted_at timestamptz
);

-- ---------------------------------------------------------------------------------------------
-- part_requests
-- ---------------------------------------------------------------------------------------------
create table public.part_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.users (id) on update cascade on delete set null,
  chair_id uuid references public.chairs (id) on delete set null,
  items jsonb not null default '[]'::jsonb,
  status text not null default 'PENDING'
    constraint part_requests_status_check
    check (status in ('PENDING', 'QUOTED', 'ORDERED', 'FULFILLED', 'CANCELLED')),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp()
);

-- ---------------------------------------------------------------------------------------------
-- service_requests
-- ---------------------------------------------------------------------------------------------
create table public.service_requests (
  id uuid primary key default gen_random_uuid(),
  customer_user_id uuid references public.users (id) on update cascade on delete set null,
  chair_id uuid references public.chairs (id) on delete set null,
  preferred_date date,
  preferred_time text,
  notes text,
  status text not null default 'PENDING'
    constraint service_requests_status_check
    check (status in ('PENDING', 'SCHEDULED', 'COMPLETED', 'CANCELLED')),
  scheduled_date date,
  scheduled_time text,
  duration integer,
  location text,
  engineer_user_id uuid references public.users (id) on update cascade on delete set null,
  confirmed_at timestamptz,
  cancellation_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp()
);

-- ---------------------------------------------------------------------------------------------
-- installations
-- ---------------------------------------------------------------------------------------------
create table public.installations (
  id uuid primary key default gen_random_uuid(),
  chair_id uuid references public.chairs (id) on delete set null,
  engineer_user_id uuid references public.users (id) on update cascade on delete set null,
  checklist jsonb not null default '{}'::jsonb,
  customer_name text,
  signature_text text,
  signature_image text,
  notes text,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp()
);

-- ---------------------------------------------------------------------------------------------
-- device_health: what each signed-in device last reported about its sync (issue 16): one row per
-- device (the id a device generates once and keeps in its mirror), the user it syncs for, a short
-- name a person recognises ('Chrome on Android'), the app version, when it last completed a sync
-- round (the server's clock when the report arrived: a tablet's own clock may be wrong) and how
-- many changes it has queued and how many need attention. Written only by
-- public.device_health_report (migration 000012) for the caller's own devices; read by vendor
-- operations managers only (policy in 000002).
-- ---------------------------------------------------------------------------------------------
create table public.device_health (
  id uuid primary key,
  user_id uuid not null references public.users (id) on update cascade on delete cascade,
  device_name text check (device_name is null or char_length(device_name) <= 80),
  app_version text check (app_version is null or char_length(app_version) <= 40),
  last_sync_at timestamptz not null,
  pending_count integer not null check (pending_count between 0 and 1000000),
  needs_attention_count integer not null check (needs_attention_count between 0 and 1000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default clock_timestamp()
);

-- ---------------------------------------------------------------------------------------------
-- applied_mutations: at-most-once record of pushed mutations. Only SECURITY DEFINER functions
-- touch it (RLS on, no policies).
-- ---------------------------------------------------------------------------------------------
create table public.applied_mutations (
  id uuid primary key,
  user_id uuid,
  name text not null,
  result jsonb,
  applied_at timestamptz default clock_timestamp()
);

-- ---------------------------------------------------------------------------------------------
-- app_settings: server-side settings. signup_customer_only = true forces every self-sign-up to
-- CUSTOMER (default false: SPEC §6 lets anyone choose any role at sign-up).
-- ---------------------------------------------------------------------------------------------
create table public.app_settings (
  key text primary key,
  value jsonb not null
);

insert into public.app_settings (key, value) values ('signup_customer_only', 'false'::jsonb);

-- ---------------------------------------------------------------------------------------------
-- sync_departures: rows that leave a user's view. Row level security hides a ticket from an
-- engineer once another engineer takes it, a chair from a customer once it is reassigned, a user
-- once deleted: an incremental pull of visible rows would never mention them again and they would
-- linger in the mirror. Every change that can move a row out of someone's view is noted here (the
-- departure triggers, migration 000011), and sync_pull returns, with each incremental page, the
-- noted ids since the cursor that the caller can no longer see ("gone"), so the client removes
-- them. The log holds only table names, random row ids and times; every signed-in user may read
-- it.
-- ---------------------------------------------------------------------------------------------
create table public.sync_departures (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_id uuid not null,
  departed_at timestamptz not null default clock_timestamp()
);

-- The log keeps 90 days. Older entries are pruned, at most once a day, by the first departure
-- noted after the day has passed (note_sync_departure calls prune_sync_departures): the log
-- maintains itself on a hosted Supabase project and on the local server alike, with no scheduler.
-- A device whose cursor is older than what the log still covers cannot learn from it which rows
-- left its view: sync_pull then answers `resync: true` (sync/pull.ts pulls that table again).
create table public.sync_departures_state (
  singleton boolean primary key default true check (singleton),
  -- Every departure at or after this time is still in the log.
  kept_since timestamptz not null default '-infinity',
  pruned_at timestamptz
);
insert into public.sync_departures_state (singleton) values (true);

-- ---------------------------------------------------------------------------------------------
-- updated_at triggers
-- ---------------------------------------------------------------------------------------------
create trigger users_set_updated_at before insert or update on public.users
  for each row execute function private.set_updated_at();
create trigger chairs_set_updated_at before insert or update on public.chairs
  for each row execute function private.set_updated_at();
create trigger parts_set_updated_at before insert or update on public.parts
  for each row execute function private.set_updated_at();
create trigger support_tickets_set_updated_at before insert or update on public.support_tickets
  for each row execute function private.set_updated_at();
create trigger training_resources_set_updated_at before insert or update on public.training_resources
  for each row execute function private.set_updated_at();
create trigger part_requests_set_updated_at before insert or update on public.part_requests
  for each row execute function private.set_updated_at();
create trigger service_requests_set_updated_at before insert or update on public.service_requests
  for each row execute function private.set_updated_at();
create trigger installations_set_updated_at before insert or update on public.installations
  for each row execute function private.set_updated_at();
create trigger device_health_set_updated_at before insert or update on public.device_health
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Indexes: (updated_at, id) cursor for incremental pulls, plus common filters.
-- ---------------------------------------------------------------------------------------------
create index users_updated_at_id_idx on public.users (updated_at, id);
create index users_role_idx on public.users (role);
-- E-mail uniqueness: case-insensitive among non-deleted users. A soft-deleted user no longer
-- holds their address, so an admin can create the person again and they can sign up again.
create unique index users_email_active_key on public.users (lower(email)) where deleted_at is null;

create index chairs_updated_at_id_idx on public.chairs (updated_at, id);
create index chairs_owner_user_id_idx on public.chairs (owner_user_id);
create index chairs_status_idx on public.chairs (status);

create index parts_updated_at_id_idx on public.parts (updated_at, id);

create index support_tickets_updated_at_id_idx on public.support_tickets (updated_at, id);
create index support_tickets_status_idx on public.support_tickets (status);
create index support_tickets_customer_user_id_idx on public.support_tickets (customer_user_id);
create index support_tickets_engineer_user_id_idx on public.support_tickets (engineer_user_id);
create index support_tickets_chair_id_idx on public.support_tickets (chair_id);
create index support_tickets_created_at_idx on public.support_tickets (created_at);

create index training_resources_updated_at_id_idx on public.training_resources (updated_at, id);

create index part_requests_updated_at_id_idx on public.part_requests (updated_at, id);
create index part_requests_user_id_idx on public.part_requests (user_id);
create index part_requests_status_idx on public.part_requests (status);
create index part_requests_created_at_idx on public.part_requests (created_at);
-- Every column that points at a chair is indexed. The vendor's read policy on chairs
-- (is_chair_on_tickets_or_requests) probes service requests by chair for each chair not on a
-- ticket; without this index every probe scanned the whole table, and a vendor's first sync of
-- 10k chairs against 20k requests took 49 s instead of well under one (npm run bench).
create index part_requests_chair_id_idx on public.part_requests (chair_id);

create index service_requests_updated_at_id_idx on public.service_requests (updated_at, id);
create index service_requests_customer_user_id_idx on public.service_requests (customer_user_id);
create index service_requests_engineer_user_id_idx on public.service_requests (engineer_user_id);
create index service_requests_status_idx on public.service_requests (status);
create index service_requests_created_at_idx on public.service_requests (created_at);
create index service_requests_chair_id_idx on public.service_requests (chair_id);

create index installations_updated_at_id_idx on public.installations (updated_at, id);
create index installations_chair_id_idx on public.installations (chair_id);
create index installations_engineer_user_id_idx on public.installations (engineer_user_id);

create index device_health_updated_at_id_idx on public.device_health (updated_at, id);
create index device_health_user_id_idx on public.device_health (user_id);

create index applied_mutations_user_id_idx on public.applied_mutations (user_id);

create index sync_departures_table_time_idx on public.sync_departures (table_name, departed_at);
create index sync_departures_time_idx on public.sync_departures (departed_at);

-- ---------------------------------------------------------------------------------------------
-- Row level security: on everywhere; the policies are in migration 000002.
-- ---------------------------------------------------------------------------------------------
alter table public.users enable row level security;
alter table public.chairs enable row level security;
alter table public.parts enable row level security;
alter table public.support_tickets enable row level security;
alter table public.training_resources enable row level security;
alter table public.part_requests enable row level security;
alter table public.service_requests enable row level security;
alter table public.installations enable row level security;
alter table public.device_health enable row level security;
alter table public.applied_mutations enable row level security;
alter table public.app_settings enable row level security;
alter table public.sync_departures enable row level security;
alter table public.sync_departures_state enable row level security;

-- Table privileges (hosted Supabase grants these by default; stated here so the local stand-in
-- matches). RLS policies decide which rows. applied_mutations gets nothing: definer functions only.
grant select, insert, update, delete on
  public.users, public.chairs, public.parts, public.support_tickets, public.training_resources,
  public.part_requests, public.service_requests, public.installations
  to authenticated;
grant select on
  public.users, public.chairs, public.parts, public.support_tickets, public.training_resources,
  public.part_requests, public.service_requests, public.installations
  to anon;
grant all on all tables in schema public to service_role;
revoke all on public.applied_mutations from anon, authenticated;
-- Settings: admins only (policy); the departure log and its state: read by every signed-in user.
revoke all on public.app_settings, public.sync_departures, public.sync_departures_state
  from anon, authenticated;
grant select, insert, update, delete on public.app_settings to authenticated;
grant select on public.sync_departures, public.sync_departures_state to authenticated;
-- Device health: read under its policy (vendors); written only through device_health_report.
revoke all on public.device_health from anon, authenticated;
grant select on public.device_health to authenticated;
