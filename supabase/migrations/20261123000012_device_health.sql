-- Device health (issue 16): each signed-in device reports, after every sync round, how its sync
-- stands, so the vendor's Field Engineers page can show a tablet that has not synced for a day or
-- holds changes the server refused. The table is in migration 000001, its read policy (vendors
-- only) in 000002.
--
-- public.device_health_report(args) is a guarded operation without the mutation ledger: a report
-- is the device's state at that moment, not an intent to replay. Sending it twice, or a newer one
-- after an older one was lost, leaves the same row, so there is no mutation id to apply at most
-- once, and the sync engine sends it straight after a round rather than through the outbox
-- (sync/engine.ts). Its args are read through the ops_arg_* helpers like every operation's.
--
--   args: { device_id: uuid, device_name?: text (<= 80), app_version?: text (<= 40),
--           pending_count: whole number >= 0, needs_attention_count: whole number >= 0 }
--
-- Any signed-in, non-deleted user (each of the four roles syncs a mirror) reports for their own
-- devices only: a device id already reported by another user is refused (PT409), and the row
-- always carries the caller's id. last_sync_at is the server's clock when the report arrives,
-- since the report is sent when a round has just completed and a tablet's clock may be wrong.
-- Returns the stored row.

create or replace function public.device_health_report(args jsonb) returns jsonb
language plpgsql
security definer
set search_path = public
as $$
declare
  caller uuid := private.require_active_user();
  device uuid;
  label text;
  version text;
  pending numeric;
  attention numeric;
  saved public.device_health%rowtype;
begin
  perform public.ops_arg_object(args);
  device := public.ops_arg_required_uuid(args, 'device_id', 'A device id is required');
  label := nullif(trim(public.ops_arg_text(args, 'device_name', 'Device name must be text')), '');
  if char_length(label) > 80 then
    perform public.app_error('validation', 'Device name must be at most 80 characters');
  end if;
  version := nullif(trim(public.ops_arg_text(args, 'app_version', 'App version must be text')), '');
  if char_length(version) > 40 then
    perform public.app_error('validation', 'App version must be at most 40 characters');
  end if;
  pending := public.ops_arg_number(
    args, 'pending_count', 'Queued changes must be a whole number of 0 or more');
  if pending is null or pending < 0 or pending > 1000000 or pending <> trunc(pending) then
    perform public.app_error('validation', 'Queued changes must be a whole number of 0 or more');
  end if;
  attention := public.ops_arg_number(
    args, 'needs_attention_count', 'Needs-attention count must be a whole number of 0 or more');
  if attention is null or attention < 0 or attention > 1000000 or attention <> trunc(attention) then
    perform public.app_error(
      'validation', 'Needs-attention count must be a whole number of 0 or more');
  end if;

  insert into public.device_health as d (
    id, user_id, device_name, app_version, last_sync_at, pending_count, needs_attention_count
  ) values (device, caller, label, version, now(), pending::integer, attention::integer)
  on conflict (id) do update
     set device_name = excluded.device_name,
         app_version = excluded.app_version,
         last_sync_at = excluded.last_sync_at,
         pending_count = excluded.pending_count,
         needs_attention_count = excluded.needs_attention_count
   where d.user_id = caller
  returning * into saved;
  if saved.id is null then
    perform public.app_error('conflict', 'This device is registered to another user');
  end if;
  return to_jsonb(saved);
end
$$;

revoke all on function public.device_health_report(jsonb) from public, anon;
grant execute on function public.device_health_report(jsonb) to authenticated, service_role;
