-- The departure log (migration 000007) keeps 90 days. Older entries are pruned, at most once a
-- day, by the first departure noted after the day has passed (the departure trigger function,
-- redefined in migration 000013, calls prune_sync_departures): the log maintains itself on a
-- hosted Supabase project and on the local server alike, with no scheduler to set up.
--
-- A device whose cursor is older than what the log still covers (an engineer's tablet left in a
-- drawer for a season) cannot learn from it which rows left its view. sync_pull then answers
-- `resync: true` and no rows; the client pulls that table again from the start and drops the
-- rows the server no longer sends (sync/pull.ts).

create table public.sync_departures_state (
  singleton boolean primary key default true check (singleton),
  -- Every departure at or after this time is still in the log.
  kept_since timestamptz not null default '-infinity',
  pruned_at timestamptz
);
insert into public.sync_departures_state (singleton) values (true);

alter table public.sync_departures_state enable row level security;
revoke all on public.sync_departures_state from anon, authenticated;
grant select on public.sync_departures_state to authenticated;
grant all on public.sync_departures_state to service_role;
create policy sync_departures_state_read on public.sync_departures_state for select
  to authenticated using (true);

create index sync_departures_time_idx on public.sync_departures (departed_at);

-- Drops departures older than `keep`; returns how many were dropped.
create or replace function public.prune_sync_departures(keep interval default interval '90 days')
returns bigint
language plpgsql
security definer
set search_path = public
as $$
declare
  horizon timestamptz := now() - keep;
  dropped bigint;
begin
  if keep is null or keep < interval '0' then
    raise exception 'The retention must be a positive interval'
      using errcode = 'PT400', detail = 'validation';
  end if;
  update public.sync_departures_state
     set kept_since = greatest(kept_since, horizon), pruned_at = now();
  delete from public.sync_departures where departed_at < horizon;
  get diagnostics dropped = row_count;
  return dropped;
end
$$;

revoke all on function public.prune_sync_departures(interval) from public, anon, authenticated;
grant execute on function public.prune_sync_departures(interval) to service_role;

-- Whether an incremental pull from `since` can still be answered from the log.
create or replace function public.sync_departures_cover(since timestamptz) returns boolean
language sql
stable
security invoker
set search_path = public
as $$
  select since is null or since >= (select kept_since from public.sync_departures_state)
$$;

revoke all on function public.sync_departures_cover(timestamptz) from public, anon;
grant execute on function public.sync_departures_cover(timestamptz) to authenticated, service_role;
