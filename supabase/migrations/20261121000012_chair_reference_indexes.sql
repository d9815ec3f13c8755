-- Every column that points at a chair is indexed. The vendor's read policy on chairs
-- (is_chair_on_tickets_or_requests) probes service requests by chair for each chair not on a
-- ticket; without this index every probe scanned the whole table, and a vendor's first sync of
-- 10k chairs against 20k requests took 49 s instead of well under one (npm run bench).
create index if not exists service_requests_chair_id_idx on public.service_requests (chair_id);
create index if not exists part_requests_chair_id_idx on public.part_requests (chair_id);
