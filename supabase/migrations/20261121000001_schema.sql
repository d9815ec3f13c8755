-- Core schema: tables, CHECK constraints, server-assigned updated_at, pull indexes, RLS switched on.
-- Written for hosted Supabase (auth.uid(), roles anon / authenticated / service_role); policies and
-- guarded-operation functions come in later migrations. Stored columns are snake_case of SPEC §3.

-- ---------------------------------------------------------------------------------------------
-- updated_at is always the server clock; any client-sent value is ignored.
-- ---------------------------------------------------------------------------------------------
create or replace function public.set_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- users
-- ---------------------------------------------------------------------------------------------
create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
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
  owner_user_id uuid references public.users (id) on delete set null,
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
  customer_user_id uuid references public.users (id) on delete set null,
  engineer_user_id uuid references public.users (id) on delete set null,
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
  user_id uuid references public.users (id) on delete set null,
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
  customer_user_id uuid references public.users (id) on delete set null,
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
  engineer_user_id uuid references public.users (id) on delete set null,
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
  engineer_user_id uuid references public.users (id) on delete set null,
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
-- updated_at triggers
-- ---------------------------------------------------------------------------------------------
create trigger users_set_updated_at before insert or update on public.users
  for each row execute function public.set_updated_at();
create trigger chairs_set_updated_at before insert or update on public.chairs
  for each row execute function public.set_updated_at();
create trigger parts_set_updated_at before insert or update on public.parts
  for each row execute function public.set_updated_at();
create trigger support_tickets_set_updated_at before insert or update on public.support_tickets
  for each row execute function public.set_updated_at();
create trigger training_resources_set_updated_at before insert or update on public.training_resources
  for each row execute function public.set_updated_at();
create trigger part_requests_set_updated_at before insert or update on public.part_requests
  for each row execute function public.set_updated_at();
create trigger service_requests_set_updated_at before insert or update on public.service_requests
  for each row execute function public.set_updated_at();
create trigger installations_set_updated_at before insert or update on public.installations
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Indexes: (updated_at, id) cursor for incremental pulls, plus common filters.
-- ---------------------------------------------------------------------------------------------
create index users_updated_at_id_idx on public.users (updated_at, id);
create index users_role_idx on public.users (role);

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

create index service_requests_updated_at_id_idx on public.service_requests (updated_at, id);
create index service_requests_customer_user_id_idx on public.service_requests (customer_user_id);
create index service_requests_engineer_user_id_idx on public.service_requests (engineer_user_id);
create index service_requests_status_idx on public.service_requests (status);
create index service_requests_created_at_idx on public.service_requests (created_at);

create index installations_updated_at_id_idx on public.installations (updated_at, id);
create index installations_chair_id_idx on public.installations (chair_id);
create index installations_engineer_user_id_idx on public.installations (engineer_user_id);

create index applied_mutations_user_id_idx on public.applied_mutations (user_id);

-- ---------------------------------------------------------------------------------------------
-- Row level security: on everywhere; policies are added by a later migration.
-- ---------------------------------------------------------------------------------------------
alter table public.users enable row level security;
alter table public.chairs enable row level security;
alter table public.parts enable row level security;
alter table public.support_tickets enable row level security;
alter table public.training_resources enable row level security;
alter table public.part_requests enable row level security;
alter table public.service_requests enable row level security;
alter table public.installations enable row level security;
alter table public.applied_mutations enable row level security;

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

-- ---------------------------------------------------------------------------------------------
-- Role of the calling user, read from public.users (never from user-editable metadata).
-- SECURITY DEFINER so policies can call it without recursing through users' own RLS.
-- ---------------------------------------------------------------------------------------------
create or replace function public.current_user_role() returns text
language sql
stable
security definer
set search_path = public
as $$
  select u.role from public.users u where u.id = auth.uid() and u.deleted_at is null
$$;

revoke all on function public.current_user_role() from public;
grant execute on function public.current_user_role() to anon, authenticated, service_role;
