-- The demo data set: UK practices, chairs of both models in every status and warranty state,
-- service histories, parts in every stock band, training of every type, tickets, service and part
-- requests in every status, and one account per role.
--
-- LOCAL DEMO DATA AND CREDENTIALS ONLY. The four accounts with a password are those of
-- src/domain/demo-accounts.ts; their bcrypt hashes (cost 10) are below and public in this
-- repository. Never load this file into a project real people use.
--
-- Who loads it:
--  * the local server on its first start (server/seed/demo-data.ts; DEMO_DATA=0 skips it), on
--    PGlite or PostgreSQL, after server/db/supabase-bootstrap.sql and supabase/migrations;
--  * `supabase db reset` (the Supabase CLI's seed file), on its local stack or a linked project.
--
-- What it relies on:
--  * the schema of supabase/migrations, including the sign-up trigger on auth.users
--    (private.handle_new_auth_user) and the updated_at trigger of public.support_tickets;
--  * of auth.users, only id, email, encrypted_password, raw_user_meta_data, created_at and
--    updated_at (the local stand-in has no more). Where GoTrue's columns exist (a Supabase
--    project), the block after the users fills in aud, role, email confirmation and the e-mail
--    identity so the demo accounts can sign in there too;
--  * running as the owner of the public tables (it switches one trigger off and on again) and
--    leaving the transaction to the caller (the local loader runs it in one; a second load fails
--    on the app_settings marker, so nothing is ever duplicated).
--
-- Every date is relative to the moment of seeding: the `demo.seeded_at` setting when the loader
-- sets it, now() otherwise. Fixed UUIDs (de0000KK-…, KK the family) keep tests and screenshots
-- stable. Money follows SPEC §9: a service-history entry's cost is the labour at the rate of
-- src/domain/quote.ts plus its parts, or 0 for warranty work (tests/integration/seed.test.ts
-- checks every stored cost against that rule).

-- ---------------------------------------------------------------------------------------------
-- The seeding clock (session-local helpers, dropped at the end).
-- ---------------------------------------------------------------------------------------------
create or replace function pg_temp.demo_at(days double precision, hours double precision default 0)
returns timestamptz
language sql
stable
strict
as $$
  select coalesce(nullif(current_setting('demo.seeded_at', true), '')::timestamptz, now())
         + days * interval '24 hours' + hours * interval '1 hour'
$$;

-- A timestamp inside a JSON document, written the way the app writes one (toISOString).
create or replace function pg_temp.demo_iso(days double precision, hours double precision default 0)
returns text
language sql
stable
strict
as $$
  select to_char(pg_temp.demo_at(days, hours) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

create or replace function pg_temp.demo_day(days double precision) returns date
language sql
stable
strict
as $$
  select (pg_temp.demo_at(days) at time zone 'UTC')::date
$$;

-- The activation moment of a `years`-year warranty that has `days_left` days left at seeding.
create or replace function pg_temp.demo_warranty_start(days_left double precision, years integer)
returns text
language sql
stable
strict
as $$
  select to_char((pg_temp.demo_at(days_left, -2) at time zone 'UTC') - make_interval(years => years),
                 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- ---------------------------------------------------------------------------------------------
-- The marker the local loader checks before loading (a second load stops here).
-- ---------------------------------------------------------------------------------------------
insert into public.app_settings (key, value)
values ('demo_data_loaded', jsonb_build_object('loadedAt', pg_temp.demo_iso(0)));

-- ---------------------------------------------------------------------------------------------
-- Users. The public.users rows go in first with every detail; the auth.users rows follow from
-- them, and the sign-up trigger then finds each public.users row already there and leaves it.
-- Only the four demo accounts have a password. A certification's obtainedInDays / expiresInDays
-- count from seeding and are stored as dateObtained / expiryDate. Engineers' stored metrics are
-- what their tickets below give (SPEC §9: created to updated, resolved over assigned).
-- ---------------------------------------------------------------------------------------------
with person (id, email, name, role, phone, address, practice, engineer, created_days_ago) as (
  values
    ('de000001-0000-4000-8000-000000000001', 'customer@demo.chairside.app', 'Dr. Sarah Mitchell', 'CUSTOMER',
     '07700 900321', '27 Coombe Lane West, Kingston upon Thames KT2 7BX',
     '{"name": "Riverside Dental Care", "type": "DENTAL", "phone": "020 7946 0321",
       "address": "14 Riverside Walk, Kingston upon Thames, Surrey KT1 1QN"}'::jsonb, null::jsonb, 900),
    ('de000001-0000-4000-8000-000000000002', 'admin@demo.chairside.app', 'Helen Brooks', 'ADMIN',
     '0116 496 0100', 'Chairside Ltd, Unit 4 Meridian Business Park, Leicester LE19 1WX', null, null, 1200),
    ('de000001-0000-4000-8000-000000000003', 'engineer@demo.chairside.app', 'James Carter', 'ENGINEER',
     '07700 900123', '9 Kendrick Road, Reading, Berkshire RG1 5DU', null,
     '{"location": "Reading, Berkshire",
       "coverageAreas": ["Berkshire", "Surrey", "Hampshire", "West London"],
       "specializations": ["S30 Sigma", "U500 Ambidextrous", "Hydraulic systems"],
       "emergencyPhone": "07700 900456",
       "skillSets": ["Hydraulics", "Electronics diagnostics", "Water line decontamination", "Upholstery"],
       "certifications": [
         {"name": "Chairside Certified Engineer – S30 Sigma", "issuer": "Chairside Ltd",
          "obtainedInDays": -700, "expiresInDays": 395, "certificateNumber": "CCE-S30-0412"},
         {"name": "U500 Ambidextrous Conversion Specialist", "issuer": "Chairside Ltd",
          "obtainedInDays": -1050, "expiresInDays": 45, "certificateNumber": "U500-AC-0098"},
         {"name": "Portable Appliance Testing (City & Guilds 2377)", "issuer": "City & Guilds",
          "obtainedInDays": -1160, "expiresInDays": -35, "certificateNumber": "CG2377-55120"},
         {"name": "Infection Prevention and Control in Dental Settings", "issuer": "British Dental Association",
          "obtainedInDays": -400}],
       "availability": [
         {"dayOfWeek": 0, "isAvailable": false, "startTime": "09:00", "endTime": "17:00"},
         {"dayOfWeek": 1, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 2, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 3, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 4, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 5, "isAvailable": true, "startTime": "08:00", "endTime": "16:00"},
         {"dayOfWeek": 6, "isAvailable": true, "startTime": "09:00", "endTime": "13:00"}],
       "performanceMetrics": {"averageResolutionTime": 20, "completionRate": 75, "customerSatisfactionScore": 4.7}}',
     1000),
    ('de000001-0000-4000-8000-000000000004', 'vendor@demo.chairside.app', 'Oliver Grant', 'VENDOR',
     '0116 496 0142', 'Chairside Ltd, Unit 4 Meridian Business Park, Leicester LE19 1WX', null, null, 1100),
    ('de000001-0000-4000-8000-000000000011', 'priya.patel@harbourside-dental.example', 'Dr. Priya Patel', 'CUSTOMER',
     '07700 900604', '3 Royal York Crescent, Clifton, Bristol BS8 4JZ',
     '{"name": "Harbourside Dental Practice", "type": "DENTAL", "phone": "0117 496 0724",
       "address": "22 Welsh Back, Bristol BS1 4RR"}', null, 490),
    ('de000001-0000-4000-8000-000000000012', 'thomas.hughes@kirkstall-medical.example', 'Dr. Thomas Hughes', 'CUSTOMER',
     '07700 900718', '11 Vesper Road, Leeds LS5 3NU',
     '{"name": "Kirkstall Medical Centre", "type": "MEDICAL", "phone": "0113 496 0318",
       "address": "240 Kirkstall Lane, Leeds LS5 3BT"}', null, 580),
    ('de000001-0000-4000-8000-000000000013', 'emma.whitfield@meadowbank-vets.example', 'Emma Whitfield MRCVS', 'CUSTOMER',
     '07700 900552', '4 Marchmont Crescent, Edinburgh EH9 1HN',
     '{"name": "Meadowbank Veterinary Surgery", "type": "VETERINARY", "phone": "0131 496 0552",
       "address": "61 London Road, Edinburgh EH7 5QY"}', null, 670),
    ('de000001-0000-4000-8000-000000000014', 'aisha.rahman@cathedral-clinic.example', 'Dr. Aisha Rahman', 'CUSTOMER',
     '07700 900877', '15 Chorlton Road, Manchester M15 4AT',
     '{"name": "Cathedral Quarter Clinic", "type": "CLINIC", "phone": "0161 496 0877",
       "address": "3 St Mary’s Gate, Manchester M1 1PX"}', null, 760),
    ('de000001-0000-4000-8000-000000000015', 'callum.fraser@roathpark-dental.example', 'Dr. Callum Fraser', 'CUSTOMER',
     '07700 900415', '88 Ninian Road, Cardiff CF23 5EL',
     '{"name": "Roath Park Dental Studio", "type": "DENTAL", "phone": "029 2018 0415",
       "address": "129 Wellfield Road, Cardiff CF24 3PP"}', null, 850),
    ('de000001-0000-4000-8000-000000000021', 'sophie.turner@demo.chairside.app', 'Sophie Turner', 'ENGINEER',
     '07700 900214', '52 Burton Road, Didsbury, Manchester M20 3EB', null,
     '{"location": "Manchester",
       "coverageAreas": ["Greater Manchester", "Cheshire", "Lancashire", "Merseyside"],
       "specializations": ["S30 Sigma", "Operating lights"],
       "emergencyPhone": "07700 900215",
       "skillSets": ["LED lighting", "Electronics diagnostics", "Preventive maintenance"],
       "certifications": [
         {"name": "Chairside Certified Engineer – S30 Sigma", "issuer": "Chairside Ltd",
          "obtainedInDays": -500, "expiresInDays": 595, "certificateNumber": "CCE-S30-0527"},
         {"name": "Electrical Safety in Healthcare Premises", "issuer": "IET",
          "obtainedInDays": -900, "expiresInDays": -10, "certificateNumber": "IET-HC-77341"}],
       "availability": [
         {"dayOfWeek": 0, "isAvailable": false, "startTime": "09:00", "endTime": "17:00"},
         {"dayOfWeek": 1, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 2, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 3, "isAvailable": true, "startTime": "08:00", "endTime": "12:30"},
         {"dayOfWeek": 4, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 5, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 6, "isAvailable": false, "startTime": "09:00", "endTime": "17:00"}],
       "performanceMetrics": {"averageResolutionTime": 5, "completionRate": 50, "customerSatisfactionScore": 4.4}}',
     850),
    ('de000001-0000-4000-8000-000000000022', 'daniel.okafor@demo.chairside.app', 'Daniel Okafor', 'ENGINEER',
     '07700 900387', '18 Gloucester Road, Bishopston, Bristol BS7 8AE', null,
     '{"location": "Bristol",
       "coverageAreas": ["Bristol", "Somerset", "Gloucestershire", "South Wales"],
       "specializations": ["U500 Ambidextrous", "Water systems"],
       "emergencyPhone": "07700 900388",
       "skillSets": ["Water line decontamination", "Suction systems", "Hydraulics"],
       "certifications": [
         {"name": "U500 Ambidextrous Conversion Specialist", "issuer": "Chairside Ltd",
          "obtainedInDays": -300, "expiresInDays": 795, "certificateNumber": "U500-AC-0131"},
         {"name": "Legionella Awareness (HTM 01-05)", "issuer": "Water Management Society",
          "obtainedInDays": -330, "expiresInDays": 70}],
       "availability": [
         {"dayOfWeek": 0, "isAvailable": false, "startTime": "09:00", "endTime": "17:00"},
         {"dayOfWeek": 1, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 2, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 3, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 4, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 5, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 6, "isAvailable": true, "startTime": "09:00", "endTime": "12:00"}],
       "performanceMetrics": {"averageResolutionTime": 40, "completionRate": 66.7, "customerSatisfactionScore": 4.1}}',
     700),
    ('de000001-0000-4000-8000-000000000023', 'fiona.macleod@demo.chairside.app', 'Fiona MacLeod', 'ENGINEER',
     '07700 900452', '7 Leith Walk, Edinburgh EH6 8LN', null,
     '{"location": "Edinburgh",
       "coverageAreas": ["Edinburgh", "Lothians", "Fife", "Glasgow"],
       "specializations": ["S30 Sigma", "U500 Ambidextrous", "Installations"],
       "emergencyPhone": "07700 900453",
       "skillSets": ["Installations", "Upholstery", "Customer training"],
       "certifications": [
         {"name": "Chairside Certified Engineer – U500 Ambidextrous", "issuer": "Chairside Ltd",
          "obtainedInDays": -250, "expiresInDays": 845, "certificateNumber": "CCE-U500-0203"},
         {"name": "First Aid at Work", "issuer": "St John Ambulance",
          "obtainedInDays": -1000, "expiresInDays": 95}],
       "availability": [
         {"dayOfWeek": 0, "isAvailable": false, "startTime": "09:00", "endTime": "17:00"},
         {"dayOfWeek": 1, "isAvailable": false, "startTime": "09:00", "endTime": "17:00"},
         {"dayOfWeek": 2, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 3, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 4, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 5, "isAvailable": true, "startTime": "08:00", "endTime": "17:00"},
         {"dayOfWeek": 6, "isAvailable": false, "startTime": "09:00", "endTime": "17:00"}],
       "performanceMetrics": {"averageResolutionTime": 12, "completionRate": 50, "customerSatisfactionScore": 4.8}}',
     550)
),
-- LOCAL DEMO CREDENTIALS: bcrypt of the passwords in src/domain/demo-accounts.ts.
password (email, hash) as (
  values
    ('customer@demo.chairside.app', '$2b$10$9/8e4GayjZgkA6m3BQAzSun6O0A8lF/gmiDK4dNZTJjtpHmPWnRHe'),
    ('admin@demo.chairside.app', '$2b$10$/MGVAYYZlv4ij.kSqGQxjetp7nWCYuGGMfGBbqXOUR96MO/W1K9Bu'),
    ('engineer@demo.chairside.app', '$2b$10$uzSc7OUTetu2r.1QzOVokOfiuJPpqg3pD.qTJEAgfZKgguJR9lxUG'),
    ('vendor@demo.chairside.app', '$2b$10$GMbbpG0TJrTBZorr7aFKyertJKORF8C7yA5QZD1ABoLLQ7LvooP.e')
),
seeded as (
  insert into public.users (id, email, name, role, phone, address, practice, engineer, created_at)
  select p.id::uuid, p.email, p.name, p.role, p.phone, p.address, p.practice,
         p.engineer || jsonb_build_object('certifications', (
           select jsonb_agg(c - 'obtainedInDays' - 'expiresInDays' || jsonb_strip_nulls(jsonb_build_object(
                    'dateObtained', pg_temp.demo_day((c ->> 'obtainedInDays')::integer),
                    'expiryDate', pg_temp.demo_day((c ->> 'expiresInDays')::integer))) order by n)
           from jsonb_array_elements(p.engineer -> 'certifications') with ordinality as e (c, n))),
         pg_temp.demo_at(-p.created_days_ago)
  from person p
  returning id, email, name, role, created_at
)
insert into auth.users (id, email, encrypted_password, raw_user_meta_data, created_at, updated_at)
select s.id, s.email, pw.hash, jsonb_build_object('name', s.name, 'role', s.role), s.created_at,
       s.created_at
from seeded s
left join password pw on pw.email = s.email;

-- On a Supabase project GoTrue reads more of auth.users than the local stand-in has, and signs in
-- by e-mail through an identity row: fill those in for the demo's users (ids de000001-…) where
-- the columns exist. Skipped on the local stand-in.
do $$
begin
  if exists (select 1 from information_schema.columns
              where table_schema = 'auth' and table_name = 'users' and column_name = 'aud') then
    execute $sql$
      update auth.users
         set instance_id = '00000000-0000-0000-0000-000000000000',
             aud = 'authenticated',
             role = 'authenticated',
             email_confirmed_at = created_at,
             raw_app_meta_data = '{"provider": "email", "providers": ["email"]}',
             confirmation_token = '',
             recovery_token = '',
             email_change_token_new = '',
             email_change = ''
       where id::text like 'de000001-%'
    $sql$;
  end if;
  if exists (select 1 from information_schema.columns
              where table_schema = 'auth' and table_name = 'identities' and column_name = 'provider_id') then
    execute $sql$
      insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
      select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true),
             'email', created_at, created_at
        from auth.users
       where id::text like 'de000001-%' and encrypted_password is not null
    $sql$;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Parts: both models, every stock band (out, low, normal).
-- ---------------------------------------------------------------------------------------------
insert into public.parts (id, part_code, name, model, price, stock, created_at)
select p.id::uuid, p.code, p.name, p.model, p.price, p.stock, pg_temp.demo_at(-p.created_days_ago)
from (
  values
    ('de000003-0000-4000-8000-000000000001', 'S30-HYD-001', 'Hydraulic pump assembly', 'S30', 485, 6, 600),
    ('de000003-0000-4000-8000-000000000002', 'S30-HYD-014', 'Base lift cylinder', 'S30', 320, 3, 599),
    ('de000003-0000-4000-8000-000000000003', 'S30-MOT-002', 'Backrest drive motor', 'S30', 265, 12, 598),
    ('de000003-0000-4000-8000-000000000004', 'S30-UPH-011', 'Headrest pad (Formed)', 'S30', 78.5, 24, 597),
    ('de000003-0000-4000-8000-000000000005', 'S30-UPH-021', 'Seat cushion (Sewn)', 'S30', 142, 0, 596),
    ('de000003-0000-4000-8000-000000000006', 'S30-FC-001', 'Foot control pedal', 'S30', 189, 15, 595),
    ('de000003-0000-4000-8000-000000000007', 'S30-FC-010', 'Wireless foot control receiver', 'S30', 215, 4, 594),
    ('de000003-0000-4000-8000-000000000008', 'S30-INS-031', 'Air-turbine hose (4-hole Midwest)', 'S30', 64.9, 30, 593),
    ('de000003-0000-4000-8000-000000000009', 'S30-INS-032', 'Micromotor hose', 'S30', 118, 9, 592),
    ('de000003-0000-4000-8000-000000000010', 'S30-INS-040', 'Three-in-one syringe', 'S30', 96, 18, 591),
    ('de000003-0000-4000-8000-000000000011', 'S30-WTR-005', 'Cuspidor bowl (glass)', 'S30', 58, 0, 590),
    ('de000003-0000-4000-8000-000000000012', 'S30-WTR-012', 'Clean water bottle system', 'S30', 74.5, 11, 589),
    ('de000003-0000-4000-8000-000000000013', 'S30-LGT-005', 'V5 LED light head', 'S30', 1240, 2, 588),
    ('de000003-0000-4000-8000-000000000014', 'S30-ELE-020', 'Doctor''s control panel keypad', 'S30', 132, 0, 587),
    ('de000003-0000-4000-8000-000000000015', 'S30-ELE-001', 'Main control board', 'S30', 695, 1, 586),
    ('de000003-0000-4000-8000-000000000016', 'U500-ARM-003', 'Delivery arm pivot bearing', 'U500', 158, 7, 585),
    ('de000003-0000-4000-8000-000000000017', 'U500-ARM-011', 'Ambidextrous conversion pivot lock', 'U500', 92, 0, 584),
    ('de000003-0000-4000-8000-000000000018', 'U500-LGT-001', 'U500 LED light module', 'U500', 1380, 3, 583),
    ('de000003-0000-4000-8000-000000000019', 'U500-LGT-014', 'Touchless light sensor switch', 'U500', 88, 14, 582),
    ('de000003-0000-4000-8000-000000000020', 'U500-HYD-001', 'Hydraulic pump', 'U500', 525, 5, 581),
    ('de000003-0000-4000-8000-000000000021', 'U500-UPH-010', 'Seat upholstery set (Formed)', 'U500', 410, 0, 580),
    ('de000003-0000-4000-8000-000000000022', 'U500-INS-020', 'Instrument tray', 'U500', 210, 13, 579),
    ('de000003-0000-4000-8000-000000000023', 'U500-WTR-008', 'Suction hose set', 'U500', 46, 40, 578),
    ('de000003-0000-4000-8000-000000000024', 'U500-WTR-015', 'Solenoid valve block', 'U500', 174, 8, 577),
    ('de000003-0000-4000-8000-000000000025', 'U500-ELE-002', 'Power supply unit', 'U500', 298, 0, 576),
    ('de000003-0000-4000-8000-000000000026', 'U500-FC-010', 'Wireless foot control', 'U500', 365, 16, 575)
) as p (id, code, name, model, price, stock, created_days_ago);

-- ---------------------------------------------------------------------------------------------
-- Chairs. The demo customer's (…0001-…0005): warranty active with service overdue, expiring with
-- service due soon, pending confirmation, expired, and delivered awaiting activation. Then other
-- customers' chairs, and stock a customer can activate. Days are counted back from seeding
-- except `next service`, which is ahead (negative: overdue). A chair's service history is its
-- entries below, newest first, with part names and costs from the parts above.
-- ---------------------------------------------------------------------------------------------
with chair (id, serial_number, model, status, owner, configuration, delivered_days_ago,
            activated_at, confirmed, warranty_years, extension_years,
            sheet_days_ago, sheet_notes, sheet_water_air_ok, next_service_in_days, created_days_ago) as (
  values
    ('de000002-0000-4000-8000-000000000001', 'S30-23-00412', 'S30', 'REGISTERED', 'customer@demo.chairside.app',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option Two", "assistantChairside": "Standard",
       "lighting": "V5 3000-5500K", "footControl": "Wireless Pedal", "upholsteryType": "Sewn",
       "upholsteryColor": "S4", "monitorBracket": "Monitor with Intra Oral Camera"}'::jsonb,
     740, pg_temp.demo_iso(-735), true, 5, 0,
     733, 'All functions checked with the installing engineer.', true, -12, 760),
    ('de000002-0000-4000-8000-000000000002', 'U500-20-00057', 'U500', 'REGISTERED', 'customer@demo.chairside.app',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option 2", "assistantChairside": "European Ambidextrous",
       "lighting": "U500 LED Light", "footControl": "Wireless Lever", "upholsteryType": "Formed",
       "upholsteryColor": "H7", "monitorBracket": "No Monitor Bracket"}',
     1787, pg_temp.demo_warranty_start(40, 5), true, 5, 0,
     1783, '', true, 18, 1795),
    ('de000002-0000-4000-8000-000000000003', 'S30-25-00931', 'S30', 'REGISTERED', 'customer@demo.chairside.app',
     '{"deliverySystem": "Traditional Whip", "instrumentOption": "Option One", "assistantChairside": "European",
       "lighting": "V2 5000K", "footControl": "Lever", "upholsteryType": "Formed",
       "upholsteryColor": "H3", "monitorBracket": "No Monitor Bracket"}',
     7, pg_temp.demo_iso(-5), false, 5, 0,
     null, null, null, 360, 60),
    ('de000002-0000-4000-8000-000000000004', 'S30-19-00088', 'S30', 'REGISTERED', 'customer@demo.chairside.app',
     '{"deliverySystem": "Mobile Cart", "instrumentOption": "Option One", "assistantChairside": "Standard",
       "lighting": "V1 4300K", "footControl": "Pedal", "upholsteryType": "Sewn",
       "upholsteryColor": "S11", "monitorBracket": "No Monitor Bracket"}',
     2210, pg_temp.demo_warranty_start(-380, 5), true, 5, 0,
     2200, '', true, 150, 2230),
    ('de000002-0000-4000-8000-000000000005', 'U500-25-00118', 'U500', 'DELIVERED', 'customer@demo.chairside.app',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option 1", "assistantChairside": "European Ambidextrous",
       "lighting": "U500 LED Light", "footControl": "Pedal", "upholsteryType": "Sewn",
       "upholsteryColor": "S2", "monitorBracket": "Monitor with Intra Oral Camera"}',
     4, null, null, null, null, null, null, null, null, 45),
    ('de000002-0000-4000-8000-000000000106', 'U500-22-00019', 'U500', 'REGISTERED', 'priya.patel@harbourside-dental.example',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option 1", "assistantChairside": "European Ambidextrous",
       "lighting": "U500 LED Light", "footControl": "Wireless Pedal", "upholsteryType": "Formed",
       "upholsteryColor": "H12", "monitorBracket": "No Monitor Bracket"}',
     1095, pg_temp.demo_iso(-1092), true, 5, 0,
     1090, '', true, 210, 1115),
    ('de000002-0000-4000-8000-000000000107', 'S30-24-00160', 'S30', 'REGISTERED', 'priya.patel@harbourside-dental.example',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option Two", "assistantChairside": "Standard",
       "lighting": "V2 5000K", "footControl": "Pedal", "upholsteryType": "Formed",
       "upholsteryColor": "H1", "monitorBracket": "No Monitor Bracket"}',
     30, pg_temp.demo_iso(-28), false, 5, 0,
     26, 'Water and air to the handpieces is weak; engineer requested.', false, 335, 90),
    ('de000002-0000-4000-8000-000000000108', 'S30-20-00233', 'S30', 'REGISTERED', 'thomas.hughes@kirkstall-medical.example',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option One", "assistantChairside": "Standard",
       "lighting": "V1 4300K", "footControl": "Pedal", "upholsteryType": "Sewn",
       "upholsteryColor": "S9", "monitorBracket": "No Monitor Bracket"}',
     2190, pg_temp.demo_iso(-2185), true, 8, 3,
     2180, '', true, -40, 2220),
    ('de000002-0000-4000-8000-000000000109', 'U500-21-00044', 'U500', 'REGISTERED', 'emma.whitfield@meadowbank-vets.example',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option 1", "assistantChairside": "European Ambidextrous",
       "lighting": "U500 LED Light", "footControl": "Lever", "upholsteryType": "Formed",
       "upholsteryColor": "H2", "monitorBracket": "No Monitor Bracket"}',
     1810, pg_temp.demo_warranty_start(20, 5), true, 5, 0,
     1803, '', true, 9, 1825),
    ('de000002-0000-4000-8000-000000000110', 'S30-25-00877', 'S30', 'DELIVERED', 'aisha.rahman@cathedral-clinic.example',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option One", "assistantChairside": "Standard",
       "lighting": "V5 3000-5500K", "footControl": "Wireless Lever", "upholsteryType": "Formed",
       "upholsteryColor": "H1", "monitorBracket": "Monitor with Intra Oral Camera"}',
     3, null, null, null, null, null, null, null, null, 30),
    ('de000002-0000-4000-8000-000000000111', 'S30-19-00505', 'S30', 'REGISTERED', 'aisha.rahman@cathedral-clinic.example',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option One", "assistantChairside": "Standard",
       "lighting": "V1 4300K", "footControl": "Pedal", "upholsteryType": "Formed",
       "upholsteryColor": "H1", "monitorBracket": "No Monitor Bracket"}',
     1935, pg_temp.demo_warranty_start(-100, 5), false, 5, 0,
     null, null, null, 60, 1965),
    ('de000002-0000-4000-8000-000000000112', 'U500-25-00102', 'U500', 'REGISTERED', 'callum.fraser@roathpark-dental.example',
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option 2", "assistantChairside": "European Ambidextrous",
       "lighting": "U500 LED Light", "footControl": "Pedal", "upholsteryType": "Sewn",
       "upholsteryColor": "S14", "monitorBracket": "No Monitor Bracket"}',
     32, pg_temp.demo_iso(-30), true, 5, 0,
     29, 'Everything working as expected.', true, 335, 80),
    -- Stock: serials a customer can activate in the demo, plus one more of each model.
    ('de000002-0000-4000-8000-000000000113', 'S30-25-01001', 'S30', 'IN_STOCK', null,
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option One", "assistantChairside": "Standard",
       "lighting": "V1 4300K", "footControl": "Pedal", "upholsteryType": "Formed",
       "upholsteryColor": "H1", "monitorBracket": "No Monitor Bracket"}',
     null, null, null, null, null, null, null, null, null, 20),
    ('de000002-0000-4000-8000-000000000114', 'S30-25-01002', 'S30', 'IN_STOCK', null,
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option Two", "assistantChairside": "Standard",
       "lighting": "V2 5000K", "footControl": "Pedal", "upholsteryType": "Sewn",
       "upholsteryColor": "S1", "monitorBracket": "No Monitor Bracket"}',
     null, null, null, null, null, null, null, null, null, 19),
    ('de000002-0000-4000-8000-000000000115', 'U500-25-00120', 'U500', 'IN_STOCK', null,
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option 1", "assistantChairside": "European Ambidextrous",
       "lighting": "U500 LED Light", "footControl": "Pedal", "upholsteryType": "Formed",
       "upholsteryColor": "H1", "monitorBracket": "No Monitor Bracket"}',
     null, null, null, null, null, null, null, null, null, 18),
    ('de000002-0000-4000-8000-000000000116', 'S30-25-00944', 'S30', 'IN_STOCK', null,
     '{"deliverySystem": "Mobile Cart", "instrumentOption": "Option One", "assistantChairside": "Standard",
       "lighting": "V5 3000-5500K", "footControl": "Pedal", "upholsteryType": "Formed",
       "upholsteryColor": "H1", "monitorBracket": "No Monitor Bracket"}',
     null, null, null, null, null, null, null, null, null, 17),
    ('de000002-0000-4000-8000-000000000117', 'U500-25-00121', 'U500', 'IN_STOCK', null,
     '{"deliverySystem": "Hanging Delivery", "instrumentOption": "Option 2", "assistantChairside": "European Ambidextrous",
       "lighting": "U500 LED Light", "footControl": "Wireless Pedal", "upholsteryType": "Formed",
       "upholsteryColor": "H9", "monitorBracket": "No Monitor Bracket"}',
     null, null, null, null, null, null, null, null, null, 16)
),
-- Service history entries. parts: what was replaced, by part code ("condition" defaults to NEW);
-- cost: labour plus parts in GBP, 0 for warranty work.
history (id, serial_number, type, days_ago, engineer, duration, work_performed, parts,
         condition_before, condition_after, recommendations, follow_up_in_days, warranty_work,
         service_request_id, cost) as (
  values
    ('de000008-0000-4000-8000-000000000001', 'S30-23-00412', 'Installation', 736, 'engineer@demo.chairside.app', 240,
     'Installed chair, delivery unit and V5 light; connected water, air and suction; handed over to the practice team.',
     '[]'::jsonb, 'New', 'Excellent', 'First annual service in 12 months.', null::integer, true, null, 0),
    ('de000008-0000-4000-8000-000000000002', 'S30-23-00412', 'Annual', 372, 'engineer@demo.chairside.app', 120,
     'Annual service: hydraulic oil level, upholstery and hoses inspected, water lines disinfected, safety stops tested.',
     '[{"partNumber": "S30-INS-031", "quantity": 1, "reason": "Outer sheath worn near the coupling"}]',
     'Good', 'Excellent', 'Replace the syringe seals at next visit.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000003', 'S30-23-00412', 'Repair', 20, 'engineer@demo.chairside.app', 75,
     'Replaced leaking three-in-one syringe; pressure tested the instrument block.',
     '[{"partNumber": "S30-INS-040", "quantity": 1, "reason": "Internal seal failure causing a leak"}]',
     'Fair', 'Good', 'Annual service is now overdue: please book.', 10, true, null, 0),
    ('de000008-0000-4000-8000-000000000004', 'U500-20-00057', 'Installation', 1786, 'sophie.turner@demo.chairside.app', 300,
     'Installed U500 for right-handed use with the ambidextrous conversion demonstrated.',
     '[]', 'New', 'Excellent', 'Train all clinicians on the conversion procedure.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000005', 'U500-20-00057', 'Maintenance', 700, 'engineer@demo.chairside.app', 90,
     'Re-tensioned delivery arm; cleaned suction filters; replaced suction hoses.',
     '[{"partNumber": "U500-WTR-008", "quantity": 1, "reason": "Hoses hardened and cracked"}]',
     'Good', 'Good', 'Keep to the weekly suction cleaning routine.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000006', 'U500-20-00057', 'Inspection', 200, 'engineer@demo.chairside.app', 45,
     'Inspection after a reported drift of the delivery arm; pivot bearing showing wear.',
     '[]', 'Fair', 'Fair', 'Replace the pivot bearing at the next service.', 5, false, null, 67.5),
    ('de000008-0000-4000-8000-000000000007', 'U500-20-00057', 'Annual', 347, 'engineer@demo.chairside.app', 120,
     'Annual service including light module and touchless sensor calibration.',
     '[{"partNumber": "U500-LGT-014", "quantity": 1, "reason": "Sensor intermittently failing to switch"}]',
     'Good', 'Excellent', 'Warranty ends soon: consider the 3 or 5 year extension.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000008', 'S30-19-00088', 'Installation', 2205, 'engineer@demo.chairside.app', 210,
     'Installed chair with mobile cart delivery.',
     '[]', 'New', 'Excellent', 'Annual service every 12 months.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000009', 'S30-19-00088', 'Repair', 400, 'daniel.okafor@demo.chairside.app', 150,
     'Replaced the base lift cylinder after a slow descent was reported.',
     '[{"partNumber": "S30-HYD-014", "quantity": 1, "reason": "Internal leak; chair sank under load"}]',
     'Poor', 'Good', 'Warranty has expired: consider an extension.', null, false, null, 545),
    ('de000008-0000-4000-8000-000000000010', 'S30-19-00088', 'Annual', 215, 'engineer@demo.chairside.app', 130,
     'Annual service; cuspidor bowl and water bottle system replaced.',
     '[{"partNumber": "S30-WTR-005", "quantity": 1, "reason": "Chipped glass"},
       {"partNumber": "S30-WTR-012", "quantity": 1, "reason": "Cap thread worn", "condition": "REFURBISHED"}]',
     'Fair', 'Good', 'Upholstery is worn on the seat edge; budget for replacement.', null, false,
     'de000005-0000-4000-8000-000000000006', 327.5),
    ('de000008-0000-4000-8000-000000000011', 'U500-22-00019', 'Installation', 1093, 'daniel.okafor@demo.chairside.app', 280,
     'Installed U500 for left-handed use.',
     '[]', 'New', 'Excellent', 'None.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000012', 'U500-22-00019', 'Annual', 120, 'daniel.okafor@demo.chairside.app', 110,
     'Annual service; solenoid valve block replaced after water hammer.',
     '[{"partNumber": "U500-WTR-015", "quantity": 1, "reason": "Valve sticking open"}]',
     'Good', 'Excellent', 'Fit a pressure regulator on the mains feed.', null, true,
     'de000005-0000-4000-8000-000000000007', 0),
    ('de000008-0000-4000-8000-000000000013', 'S30-24-00160', 'Installation', 29, 'daniel.okafor@demo.chairside.app', 230,
     'Installed chair and Option Two delivery unit.',
     '[]', 'New', 'Good', 'Recheck water pressure once the practice plumbing is finished.', 7, true, null, 0),
    ('de000008-0000-4000-8000-000000000014', 'S30-20-00233', 'Installation', 2186, 'sophie.turner@demo.chairside.app', 220,
     'Installed chair in minor-surgery room.',
     '[]', 'New', 'Excellent', 'None.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000015', 'S30-20-00233', 'Repair', 35, 'engineer@demo.chairside.app', 160,
     'Replaced the backrest drive motor and its limit switch loom.',
     '[{"partNumber": "S30-MOT-002", "quantity": 1, "reason": "Motor stalling under load"}]',
     'Poor', 'Good', 'Annual service overdue: book soon.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000016', 'U500-21-00044', 'Installation', 1807, 'fiona.macleod@demo.chairside.app', 260,
     'Installed U500 in the dental suite of the surgery.',
     '[]', 'New', 'Excellent', 'None.', null, true, null, 0),
    ('de000008-0000-4000-8000-000000000017', 'U500-21-00044', 'Maintenance', 330, 'fiona.macleod@demo.chairside.app', 95,
     'Replaced headrest upholstery; lubricated arm pivots.',
     '[{"partNumber": "U500-UPH-010", "quantity": 1, "reason": "Claw damage to the seat cover"}]',
     'Fair', 'Good', 'Use the protective cover during animal procedures.', null, false, null, 552.5),
    ('de000008-0000-4000-8000-000000000018', 'S30-19-00505', 'Repair', 90, 'sophie.turner@demo.chairside.app', 100,
     'Replaced flickering light head.',
     '[{"partNumber": "S30-LGT-005", "quantity": 1, "reason": "LED driver failure"}]',
     'Poor', 'Good', 'No test sheet on record: warranty was never confirmed.', null, false, null, 1390),
    ('de000008-0000-4000-8000-000000000019', 'U500-25-00102', 'Installation', 31, 'engineer@demo.chairside.app', 270,
     'Installed U500 and converted to left-handed use on request.',
     '[]', 'New', 'Excellent', 'Annual service in 12 months.', null, true, null, 0)
),
entry as (
  select h.serial_number, h.days_ago,
         jsonb_build_object(
           'id', h.id,
           'type', h.type,
           'date', pg_temp.demo_iso(-h.days_ago),
           'engineerId', e.id,
           'engineerName', e.name,
           'engineerPhone', e.phone,
           'duration', h.duration,
           'workPerformed', h.work_performed,
           'partsReplaced', (
             select coalesce(jsonb_agg(jsonb_build_object(
                      'partName', p.name,
                      'partNumber', p.part_code,
                      'quantity', (r.part ->> 'quantity')::integer,
                      'cost', (p.price * (r.part ->> 'quantity')::integer)::float8,
                      'condition', coalesce(r.part ->> 'condition', 'NEW'),
                      'reason', r.part ->> 'reason') order by r.n), '[]'::jsonb)
             from jsonb_array_elements(h.parts) with ordinality as r (part, n)
             join public.parts p on p.part_code = r.part ->> 'partNumber'),
           'conditionBefore', h.condition_before,
           'conditionAfter', h.condition_after,
           'recommendations', h.recommendations,
           'followUpRequired', h.follow_up_in_days is not null,
           'followUpDate', pg_temp.demo_iso(h.follow_up_in_days),
           'warrantyWork', h.warranty_work,
           'serviceRequestId', h.service_request_id,
           'cost', h.cost) as document
  from history h
  join public.users e on e.email = h.engineer
)
insert into public.chairs (id, serial_number, model, model_name, configuration, delivery_date,
                           owner_user_id, status, warranty, test_sheet, service, created_at)
select c.id::uuid, c.serial_number, c.model,
       case c.model when 'S30' then 'S30 Sigma' when 'U500' then 'U500 Ambidextrous' end,
       c.configuration, pg_temp.demo_at(-c.delivered_days_ago), o.id, c.status,
       case when c.activated_at is not null then jsonb_build_object(
         'activatedAt', c.activated_at, 'confirmed', c.confirmed, 'warrantyYears', c.warranty_years,
         'extensionPurchased', c.extension_years > 0, 'extensionYears', c.extension_years) end,
       case when c.sheet_days_ago is not null then jsonb_build_object(
         'partsArrived', true, 'powersOn', true, 'movementOK', true,
         'waterAirOK', c.sheet_water_air_ok, 'notes', c.sheet_notes,
         'submittedAt', pg_temp.demo_iso(-c.sheet_days_ago)) end,
       case when c.next_service_in_days is not null then jsonb_build_object(
         'lastServiceDate', (select pg_temp.demo_iso(-min(e.days_ago))
                               from entry e where e.serial_number = c.serial_number),
         'nextServiceDue', pg_temp.demo_iso(c.next_service_in_days),
         'serviceHistory', coalesce((select jsonb_agg(e.document order by e.days_ago)
                                       from entry e where e.serial_number = c.serial_number),
                                    '[]'::jsonb)) end,
       pg_temp.demo_at(-c.created_days_ago)
from chair c
left join public.users o on o.email = c.owner;

-- ---------------------------------------------------------------------------------------------
-- Training: videos and PDFs with a url, FAQs with content. The demo's documents are the product's
-- own (public/docs/, scripts/make-demo-docs.mjs), so they open, and can be kept, offline.
-- ---------------------------------------------------------------------------------------------
insert into public.training_resources (id, type, title, url, content, created_at)
select t.id::uuid, t.type, t.title, t.url, t.content, pg_temp.demo_at(-t.created_days_ago)
from (
  values
    ('de000007-0000-4000-8000-000000000001', 'VIDEO', 'S30 Sigma: daily start-up and shutdown',
     '/docs/videos/s30-daily-start-up.html', null, 400),
    ('de000007-0000-4000-8000-000000000002', 'VIDEO', 'U500: converting between left- and right-handed working',
     '/docs/videos/u500-ambidextrous-conversion.html', null, 370),
    ('de000007-0000-4000-8000-000000000003', 'VIDEO', 'Weekly water line disinfection',
     '/docs/videos/water-line-disinfection.html', null, 340),
    ('de000007-0000-4000-8000-000000000004', 'PDF', 'S30 Sigma installation and service manual',
     '/docs/manuals/s30-sigma-service-manual.html', null, 310),
    ('de000007-0000-4000-8000-000000000005', 'PDF', 'U500 Ambidextrous technical specification',
     '/docs/manuals/u500-technical-specification.html', null, 280),
    ('de000007-0000-4000-8000-000000000006', 'PDF', 'Upholstery care and colour chart (H1-H14, S1-S16)',
     '/docs/manuals/upholstery-care.html', null, 250),
    ('de000007-0000-4000-8000-000000000007', 'FAQ', 'How do I activate my warranty?', null,
     'Open Warranty Activation, enter the serial number from the plate under the seat and the delivery date. Activation must be within 14 days of delivery; the warranty is confirmed once a passing test sheet is submitted.',
     220),
    ('de000007-0000-4000-8000-000000000008', 'FAQ', 'What does the standard warranty cover?', null,
     'Five years of parts and labour from activation for faults in normal use. Accidental damage is not covered. You can extend by 3 or 5 years before it expires.',
     190),
    ('de000007-0000-4000-8000-000000000009', 'FAQ', 'How often should my chair be serviced?', null,
     'Every 12 months. Your next service date is shown on My Chairs; book through Book Service at least two weeks ahead.',
     160),
    ('de000007-0000-4000-8000-000000000010', 'FAQ', 'The chair stops moving: what should I check first?', null,
     'Check that the mains switch is on, the foot control is connected (or its batteries charged), and that nothing is trapped under the base; the safety stop halts movement when the base meets resistance.',
     130)
) as t (id, type, title, url, content, created_days_ago);

-- ---------------------------------------------------------------------------------------------
-- Support tickets in every status and priority, some unassigned, resolved over varied times.
-- Times are in hours before seeding; `hours to update` runs from creation to the last change
-- (the resolution for RESOLVED and CLOSED), so the updated_at trigger is off while they go in.
-- Service notes name part lines by part code; name and price come from the parts above, and
-- completedAt is the resolution time.
-- ---------------------------------------------------------------------------------------------
alter table public.support_tickets disable trigger support_tickets_set_updated_at;

with ticket (id, title, description, status, priority, customer, chair, engineer, created_hours_ago,
             hours_to_update, resolution, service_notes) as (
  values
    -- Unassigned, open.
    ('de000004-0000-4000-8000-000000000001', 'Chair will not rise – pump runs but base stays down',
     'Since this morning the base will not lift. The pump motor can be heard running but nothing moves. We have patients booked all afternoon.',
     'OPEN', 'URGENT', 'customer@demo.chairside.app', 'S30-23-00412', null, 3, null::double precision, null, null::jsonb),
    ('de000004-0000-4000-8000-000000000002', 'Water pressure drops during procedures',
     'Handpiece water spray weakens after about ten minutes of use and recovers after a pause.',
     'OPEN', 'HIGH', 'thomas.hughes@kirkstall-medical.example', 'S30-20-00233', null, 26, null, null, null),
    ('de000004-0000-4000-8000-000000000003', 'Headrest upholstery split along the seam',
     'The headrest cover has split about 4 cm along the seam; we have taped it for now.',
     'OPEN', 'NORMAL', 'emma.whitfield@meadowbank-vets.example', 'U500-21-00044', null, 50, null, null, null),
    ('de000004-0000-4000-8000-000000000004', 'Training request: left-handed conversion',
     'Our new associate is left-handed. Could someone walk the team through converting the U500?',
     'OPEN', 'LOW', 'callum.fraser@roathpark-dental.example', null, null, 96, null, null, null),
    ('de000004-0000-4000-8000-000000000005', 'Chair stuck fully reclined',
     'The backrest is stuck in the fully reclined position and does not respond to the foot control or the panel.',
     'OPEN', 'URGENT', 'aisha.rahman@cathedral-clinic.example', 'S30-19-00505', null, 1, null, null, null),
    -- In progress.
    ('de000004-0000-4000-8000-000000000006', 'Delivery arm drifts in left-handed set-up',
     'After converting to left-handed use the delivery arm slowly drifts down and does not hold position.',
     'IN_PROGRESS', 'HIGH', 'customer@demo.chairside.app', 'U500-20-00057', 'engineer@demo.chairside.app', 48, 20, null,
     '{"workPerformed": "Diagnosed worn pivot bearing; arm re-tensioned as a temporary fix. Bearing ordered.",
       "timeSpent": 45, "workType": "WARRANTY", "damageDescription": "",
       "conditionReport": {"beforeService": "Arm drifts under instrument weight",
                           "afterService": "Holds position, bearing still worn",
                           "recommendations": "Replace pivot bearing on next visit."},
       "followUpRequired": true, "followUpNotes": "Return visit once the bearing arrives.",
       "partsUsed": [{"lineId": "de000009-0000-4000-8000-000000000001", "partCode": "U500-ARM-003",
                      "quantity": 1, "condition": "NEW"}]}'),
    ('de000004-0000-4000-8000-000000000007', 'Wireless foot control unresponsive',
     'The wireless foot control stopped working after the batteries were replaced. Pairing light flashes red.',
     'IN_PROGRESS', 'URGENT', 'priya.patel@harbourside-dental.example', 'U500-22-00019', 'engineer@demo.chairside.app', 6, 2, null,
     '{"workPerformed": "Remote diagnosis: receiver not pairing. Site visit booked.",
       "timeSpent": 20, "workType": "WARRANTY", "damageDescription": "",
       "conditionReport": {"beforeService": "Foot control not responding", "afterService": "Unchanged",
                           "recommendations": "Bring spare receiver."},
       "followUpRequired": false, "followUpNotes": "", "partsUsed": []}'),
    ('de000004-0000-4000-8000-000000000008', 'Operating light flickers at high intensity',
     'The light flickers when set above 70% intensity. It is fine at lower settings.',
     'IN_PROGRESS', 'NORMAL', 'aisha.rahman@cathedral-clinic.example', 'S30-19-00505', 'sophie.turner@demo.chairside.app', 30, 4, null, null),
    ('de000004-0000-4000-8000-000000000009', 'Cuspidor slow to drain',
     'The cuspidor bowl drains slowly and occasionally overflows during rinsing.',
     'IN_PROGRESS', 'LOW', 'priya.patel@harbourside-dental.example', 'S30-24-00160', 'daniel.okafor@demo.chairside.app', 70, 24, null, null),
    ('de000004-0000-4000-8000-000000000010', 'Suction weak on the assistant side',
     'High-volume suction on the assistant side has lost power over the last week.',
     'IN_PROGRESS', 'HIGH', 'emma.whitfield@meadowbank-vets.example', 'U500-21-00044', 'fiona.macleod@demo.chairside.app', 20, 3, null, null),
    -- Resolved and closed, over varied durations.
    ('de000004-0000-4000-8000-000000000011', 'Three-in-one syringe leaking',
     'Water drips from the three-in-one syringe tip when not in use.',
     'RESOLVED', 'NORMAL', 'customer@demo.chairside.app', 'S30-23-00412', 'engineer@demo.chairside.app', 480, 3.5,
     'Replaced the three-in-one syringe (internal seal failure) and pressure tested the block. No further leaks.',
     '{"workPerformed": "Replaced syringe; pressure tested instrument block.",
       "timeSpent": 75, "workType": "WARRANTY", "damageDescription": "",
       "conditionReport": {"beforeService": "Syringe leaking", "afterService": "No leaks",
                           "recommendations": "Book the overdue annual service."},
       "followUpRequired": false, "followUpNotes": "",
       "partsUsed": [{"lineId": "de000009-0000-4000-8000-000000000002", "partCode": "S30-INS-040",
                      "quantity": 1, "condition": "NEW"}]}'),
    ('de000004-0000-4000-8000-000000000012', 'Backrest motor stalls halfway',
     'The backrest stops halfway when reclining and makes a clicking sound.',
     'RESOLVED', 'HIGH', 'thomas.hughes@kirkstall-medical.example', 'S30-20-00233', 'engineer@demo.chairside.app', 864, 26,
     'Backrest drive motor replaced together with its limit switch loom; full travel tested under load.',
     '{"workPerformed": "Replaced backrest drive motor and loom.",
       "timeSpent": 160, "workType": "WARRANTY", "damageDescription": "",
       "conditionReport": {"beforeService": "Backrest stalling", "afterService": "Full travel restored",
                           "recommendations": "Annual service due."},
       "followUpRequired": false, "followUpNotes": "",
       "partsUsed": [{"lineId": "de000009-0000-4000-8000-000000000003", "partCode": "S30-MOT-002",
                      "quantity": 1, "condition": "NEW"}]}'),
    ('de000004-0000-4000-8000-000000000013', 'Question about light colour temperature',
     'Which light setting is best for shade matching composite restorations?',
     'RESOLVED', 'LOW', 'callum.fraser@roathpark-dental.example', 'U500-25-00102', 'engineer@demo.chairside.app', 240, 1.2,
     'Explained the composite mode and 5000K setting; sent the lighting guide.', null),
    ('de000004-0000-4000-8000-000000000014', 'Upholstery damaged by cleaning agent',
     'A solvent-based cleaner has discoloured and cracked the seat upholstery.',
     'RESOLVED', 'NORMAL', 'emma.whitfield@meadowbank-vets.example', 'U500-21-00044', 'engineer@demo.chairside.app', 1440, 72,
     'Seat upholstery replaced. Damage caused by an unapproved cleaner, so charged as damage repair.',
     '{"workPerformed": "Replaced seat upholstery set.",
       "timeSpent": 95, "workType": "DAMAGE",
       "damageDescription": "Seat cover cracked and discoloured by a solvent-based cleaner.",
       "conditionReport": {"beforeService": "Upholstery cracked", "afterService": "New upholstery fitted",
                           "recommendations": "Use only approved upholstery cleaners."},
       "followUpRequired": false, "followUpNotes": "",
       "partsUsed": [{"lineId": "de000009-0000-4000-8000-000000000004", "partCode": "U500-UPH-010",
                      "quantity": 1, "condition": "NEW"}]}'),
    ('de000004-0000-4000-8000-000000000015', 'Light head dead after power cut',
     'After a power cut the operating light does not switch on.',
     'RESOLVED', 'URGENT', 'aisha.rahman@cathedral-clinic.example', 'S30-19-00505', 'sophie.turner@demo.chairside.app', 2160, 5,
     'LED driver failed; light head replaced.', null),
    ('de000004-0000-4000-8000-000000000016', 'Solenoid valve chattering',
     'Loud chattering from the water unit when the handpieces are lifted.',
     'RESOLVED', 'NORMAL', 'priya.patel@harbourside-dental.example', 'U500-22-00019', 'daniel.okafor@demo.chairside.app', 2928, 50,
     'Solenoid valve block replaced during the annual service; pressure regulator recommended.', null),
    ('de000004-0000-4000-8000-000000000017', 'Annual service follow-up: seat upholstery',
     'Following the annual service, please advise on replacing the worn seat upholstery.',
     'CLOSED', 'NORMAL', 'customer@demo.chairside.app', 'S30-19-00088', 'engineer@demo.chairside.app', 4800, 8,
     'Quote for replacement seat cushion sent; the practice will order when budget allows.', null),
    ('de000004-0000-4000-8000-000000000018', 'Copy of installation report',
     'Could we have a copy of the installation report for our CQC file?',
     'CLOSED', 'LOW', 'customer@demo.chairside.app', null, 'daniel.okafor@demo.chairside.app', 7200, 30,
     'Installation report e-mailed to the practice manager.', null),
    ('de000004-0000-4000-8000-000000000019', 'Chair making grinding noise when lowering',
     'A grinding noise comes from the base when lowering the chair.',
     'CLOSED', 'HIGH', 'emma.whitfield@meadowbank-vets.example', 'U500-21-00044', 'fiona.macleod@demo.chairside.app', 3600, 12,
     'Base guide rails cleaned and lubricated; noise gone.', null),
    ('de000004-0000-4000-8000-000000000020', 'Foot pedal cable damaged',
     'The foot pedal cable was crushed by a cabinet door and now works intermittently.',
     'CLOSED', 'URGENT', 'thomas.hughes@kirkstall-medical.example', 'S30-20-00233', 'engineer@demo.chairside.app', 6000, 9.5,
     'Foot control pedal replaced; cable routed away from the cabinet door.',
     '{"workPerformed": "Replaced foot control pedal.",
       "timeSpent": 60, "workType": "DAMAGE", "damageDescription": "Cable crushed by a cabinet door.",
       "conditionReport": {"beforeService": "Intermittent", "afterService": "Working",
                           "recommendations": "Keep the cable clear of the cabinet."},
       "followUpRequired": false, "followUpNotes": "",
       "partsUsed": [{"lineId": "de000009-0000-4000-8000-000000000005", "partCode": "S30-FC-001",
                      "quantity": 1, "condition": "NEW"}]}')
)
insert into public.support_tickets (id, title, description, status, priority, customer_user_id,
                                    engineer_user_id, chair_id, resolution, service_notes,
                                    created_at, updated_at)
select t.id::uuid, t.title, t.description, t.status, t.priority, cu.id, en.id, ch.id, t.resolution,
       t.service_notes || jsonb_build_object(
         'completedAt', case when t.status in ('RESOLVED', 'CLOSED')
                             then pg_temp.demo_iso(0, -t.created_hours_ago + t.hours_to_update) end,
         'partsUsed', (
           select coalesce(jsonb_agg(l.line || jsonb_build_object(
                    'partId', p.id, 'partName', p.name, 'price', p.price::float8) order by l.n),
                  '[]'::jsonb)
           from jsonb_array_elements(t.service_notes -> 'partsUsed') with ordinality as l (line, n)
           join public.parts p on p.part_code = l.line ->> 'partCode')),
       pg_temp.demo_at(0, -t.created_hours_ago),
       least(pg_temp.demo_at(0), pg_temp.demo_at(0, -t.created_hours_ago + coalesce(t.hours_to_update, 0)))
from ticket t
join public.users cu on cu.email = t.customer
left join public.users en on en.email = t.engineer
left join public.chairs ch on ch.serial_number = t.chair;

alter table public.support_tickets enable trigger support_tickets_set_updated_at;

-- ---------------------------------------------------------------------------------------------
-- Service requests in every status: pending unassigned, scheduled ahead (for the demo engineer
-- too), completed (linked from service history), cancelled with a reason. Days are ahead of
-- seeding (negative: before). An assigned visit is at the customer's practice.
-- ---------------------------------------------------------------------------------------------
insert into public.service_requests (id, customer_user_id, chair_id, preferred_date, preferred_time,
                                     notes, status, scheduled_date, scheduled_time, duration,
                                     location, engineer_user_id, confirmed_at, cancellation_reason,
                                     created_at)
select r.id::uuid, cu.id, ch.id, pg_temp.demo_day(r.preferred_in_days), r.preferred_time, r.notes,
       r.status, pg_temp.demo_day(r.scheduled_in_days), r.scheduled_time, r.duration,
       case when en.id is not null then cu.practice ->> 'address' end, en.id,
       pg_temp.demo_at(-r.confirmed_days_ago), r.cancellation_reason,
       pg_temp.demo_at(-r.created_days_ago)
from (
  values
    ('de000005-0000-4000-8000-000000000001', 'customer@demo.chairside.app', 'S30-23-00412', 5, '10:00',
     'Annual service is overdue. Mornings suit us best.', 'PENDING', null, null::integer, null, null::integer,
     null::integer, null, 1),
    ('de000005-0000-4000-8000-000000000002', 'thomas.hughes@kirkstall-medical.example', 'S30-20-00233', 9, '14:30',
     'Annual service; the room is free after 2pm.', 'PENDING', null, null, null, null, null, null, 2),
    ('de000005-0000-4000-8000-000000000010', 'emma.whitfield@meadowbank-vets.example', 'U500-21-00044', 12, '09:30',
     null, 'PENDING', null, null, null, null, null, null, 3),
    ('de000005-0000-4000-8000-000000000003', 'customer@demo.chairside.app', 'U500-20-00057', 2, '09:00',
     'Annual service and pivot bearing replacement.', 'SCHEDULED', 'engineer@demo.chairside.app', 2, '09:00', 120,
     1, null, 6),
    ('de000005-0000-4000-8000-000000000004', 'callum.fraser@roathpark-dental.example', 'U500-25-00102', 4, '13:30',
     'Left-handed conversion training for the team.', 'SCHEDULED', 'engineer@demo.chairside.app', 4, '13:30', 60,
     2, null, 5),
    ('de000005-0000-4000-8000-000000000005', 'aisha.rahman@cathedral-clinic.example', 'S30-25-00877', 3, '11:00',
     'Installation of the new S30.', 'SCHEDULED', 'sophie.turner@demo.chairside.app', 3, '11:00', 240,
     2, null, 4),
    ('de000005-0000-4000-8000-000000000006', 'customer@demo.chairside.app', 'S30-19-00088', -216, '08:30',
     null, 'COMPLETED', 'engineer@demo.chairside.app', -215, '08:30', 150, 222, null, 230),
    ('de000005-0000-4000-8000-000000000007', 'priya.patel@harbourside-dental.example', 'U500-22-00019', -121, '10:30',
     null, 'COMPLETED', 'daniel.okafor@demo.chairside.app', -120, '10:30', 120, 126, null, 131),
    ('de000005-0000-4000-8000-000000000008', 'customer@demo.chairside.app', 'S30-23-00412', -30, '15:00',
     null, 'CANCELLED', null, null, null, null, null,
     'Practice closed for refurbishment; we will rebook.', 45),
    ('de000005-0000-4000-8000-000000000009', 'emma.whitfield@meadowbank-vets.example', 'U500-21-00044', -60, '12:00',
     'Inspection before the summer.', 'CANCELLED', 'fiona.macleod@demo.chairside.app', null, null, null, null,
     'Engineer unavailable on the requested date; customer booked a later visit.', 70)
) as r (id, customer, chair, preferred_in_days, preferred_time, notes, status, engineer,
        scheduled_in_days, scheduled_time, duration, confirmed_days_ago, cancellation_reason,
        created_days_ago)
join public.users cu on cu.email = r.customer
join public.chairs ch on ch.serial_number = r.chair
left join public.users en on en.email = r.engineer;

-- ---------------------------------------------------------------------------------------------
-- Part requests in several statuses; items name parts by code here and by id when stored.
-- ---------------------------------------------------------------------------------------------
insert into public.part_requests (id, user_id, chair_id, items, status, notes, created_at)
select r.id::uuid, cu.id, ch.id,
       (select jsonb_agg(jsonb_build_object('partId', p.id, 'qty', (i.item ->> 'qty')::integer)
                         order by i.n)
          from jsonb_array_elements(r.items) with ordinality as i (item, n)
          join public.parts p on p.part_code = i.item ->> 'partCode'),
       r.status, r.notes, pg_temp.demo_at(-r.created_days_ago)
from (
  values
    ('de000006-0000-4000-8000-000000000001', 'customer@demo.chairside.app', 'S30-23-00412',
     '[{"partCode": "S30-INS-031", "qty": 2}, {"partCode": "S30-UPH-011", "qty": 1}]'::jsonb,
     'PENDING', 'Spare hoses to keep in the surgery.', 1),
    ('de000006-0000-4000-8000-000000000002', 'customer@demo.chairside.app', 'U500-20-00057',
     '[{"partCode": "U500-WTR-008", "qty": 1}]', 'ORDERED', null, 9),
    ('de000006-0000-4000-8000-000000000003', 'priya.patel@harbourside-dental.example', 'S30-24-00160',
     '[{"partCode": "S30-WTR-012", "qty": 1}, {"partCode": "S30-INS-040", "qty": 1}]',
     'QUOTED', 'Please include delivery to Bristol.', 4),
    ('de000006-0000-4000-8000-000000000004', 'thomas.hughes@kirkstall-medical.example', 'S30-20-00233',
     '[{"partCode": "S30-FC-001", "qty": 1}]', 'FULFILLED', null, 40),
    ('de000006-0000-4000-8000-000000000005', 'aisha.rahman@cathedral-clinic.example', 'S30-19-00505',
     '[{"partCode": "S30-UPH-021", "qty": 1}]', 'CANCELLED', 'Out of stock; will reorder later.', 25),
    ('de000006-0000-4000-8000-000000000006', 'callum.fraser@roathpark-dental.example', 'U500-25-00102',
     '[{"partCode": "U500-INS-020", "qty": 1}, {"partCode": "U500-LGT-014", "qty": 2}]', 'PENDING', null, 2),
    ('de000006-0000-4000-8000-000000000007', 'emma.whitfield@meadowbank-vets.example', 'U500-21-00044',
     '[{"partCode": "U500-UPH-010", "qty": 1}]', 'QUOTED', 'Colour H2 to match.', 12)
) as r (id, customer, chair, items, status, notes, created_days_ago)
join public.users cu on cu.email = r.customer
join public.chairs ch on ch.serial_number = r.chair;

-- Device health (issue 16): what the other field engineers' tablets last reported, so the vendor's
-- Field Engineers page shows the range: one synced this morning with changes still queued, one
-- silent for three days with refused changes to look at. The demo engineer's own devices report
-- when they sync.
insert into public.device_health (id, user_id, device_name, app_version, last_sync_at,
                                  pending_count, needs_attention_count)
select r.id::uuid, u.id, r.device_name, '0.1.0', pg_temp.demo_at(-r.days_ago, -r.hours_ago),
       r.pending, r.attention
from (
  values
    ('de000007-0000-4000-8000-000000000001', 'sophie.turner@demo.chairside.app',
     'Samsung Internet on Android', 0, 3, 2, 0),
    ('de000007-0000-4000-8000-000000000002', 'daniel.okafor@demo.chairside.app',
     'Safari on iPad', 3, 0, 0, 2),
    ('de000007-0000-4000-8000-000000000003', 'fiona.macleod@demo.chairside.app',
     'Chrome on Android', 0, 0.25, 0, 0)
) as r (id, email, device_name, days_ago, hours_ago, pending, attention)
join public.users u on u.email = r.email;

-- Installations: the demo customer's first chair, installed and signed for by the demo engineer
-- (its history's Installation entry), so the admin's Installations list and the chair's Service
-- History have a signed Installation Report to open. Every checklist item passed (the same ids
-- the operation checks). Signed 'Dr Sarah Mitchell', as the practice's principal writes it.
insert into public.installations (id, chair_id, engineer_user_id, checklist, customer_name,
                                  signature_text, notes, completed_at, created_at)
select 'de000010-0000-4000-8000-000000000001'::uuid, ch.id, en.id,
       (select jsonb_object_agg(item, true)
          from unnest(private.installation_checklist_item_ids()) as item),
       'Dr. Sarah Mitchell', 'S. Mitchell',
       'Chair levelled on the surgery floor; suction and water lines flushed before handover.',
       pg_temp.demo_at(-736), pg_temp.demo_at(-736, -4)
from public.chairs ch
join public.users en on en.email = 'engineer@demo.chairside.app'
where ch.serial_number = 'S30-23-00412';

drop function pg_temp.demo_warranty_start(double precision, integer);
drop function pg_temp.demo_day(double precision);
drop function pg_temp.demo_iso(double precision, double precision);
drop function pg_temp.demo_at(double precision, double precision);
