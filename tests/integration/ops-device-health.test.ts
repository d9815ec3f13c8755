// Device health (issue 16): public.device_health_report (supabase/migrations/
// 20261123000012_device_health.sql). Every signed-in role reports for its own devices only; bad
// input is refused with a 4xx in words; the rows are read by vendors and by nobody else, and
// written by nobody directly. The read side is also in access-matrix.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { rpcOutcome, signUpActor, type Actor, type RpcOutcome } from './actors';
import { closeOpsBackend, expectRefused, expectRefusedAs, openOpsBackend } from './ops-harness';
import { createTestClient } from './supabase-client';

interface DeviceRow {
  id: string;
  user_id: string;
  device_name: string | null;
  app_version: string | null;
  last_sync_at: string;
  pending_count: number;
  needs_attention_count: number;
  updated_at: string;
}

let db: Database;
let running: RunningServer;
let cass: Actor;
let eve: Actor;
let ada: Actor;
let vic: Actor;
let gone: Actor;
const devices: Record<string, string> = {};

async function report(actor: Actor, args: unknown): Promise<RpcOutcome> {
  return rpcOutcome(await actor.client.rpc('device_health_report', { args }));
}

const goodArgs = (deviceId: string, overrides: Record<string, unknown> = {}) => ({
  device_id: deviceId,
  device_name: 'Chrome on Android',
  app_version: '0.1.0',
  pending_count: 2,
  needs_attention_count: 1,
  ...overrides,
});

async function stored(deviceId: string): Promise<DeviceRow | undefined> {
  const { rows } = await db.query<DeviceRow>(
    `select id, user_id, device_name, app_version, last_sync_at::text, pending_count,
            needs_attention_count, updated_at::text
       from public.device_health where id = $1`,
    [deviceId],
  );
  return rows[0];
}

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  [cass, eve, ada, vic, gone] = await Promise.all([
    signUpActor(running.url, 'CUSTOMER', 'Cass Customer'),
    signUpActor(running.url, 'ENGINEER', 'Eve Engineer'),
    signUpActor(running.url, 'ADMIN', 'Ada Admin'),
    signUpActor(running.url, 'VENDOR', 'Vic Vendor'),
    signUpActor(running.url, 'ENGINEER', 'Gina Gone'),
  ]);
  await db.query(`update public.users set deleted_at = now() where id = $1`, [gone.id]);
  for (const actor of [cass, eve, ada, vic]) devices[actor.id] = randomUUID();
});

afterAll(async () => {
  await closeOpsBackend(db, running);
});

describe('device_health_report', () => {
  it.each(['CUSTOMER', 'ENGINEER', 'ADMIN', 'VENDOR'] as const)(
    'a %s reports for their own device: the row is theirs, timed by the server clock',
    async (role) => {
      const actor = { CUSTOMER: cass, ENGINEER: eve, ADMIN: ada, VENDOR: vic }[role];
      const deviceId = devices[actor.id] ?? '';
      const before = Date.now();
      // A user_id in the args is not read: the row is always the caller's.
      const outcome = await report(actor, goodArgs(deviceId, { user_id: vic.id }));
      expect(outcome.error).toBeNull();
      expect(outcome.status).toBe(200);
      expect(outcome.data).toMatchObject({ id: deviceId, user_id: actor.id, pending_count: 2 });
      const row = await stored(deviceId);
      expect(row).toMatchObject({
        user_id: actor.id,
        device_name: 'Chrome on Android',
        app_version: '0.1.0',
        pending_count: 2,
        needs_attention_count: 1,
      });
      const at = Date.parse(row?.last_sync_at ?? '');
      expect(at).toBeGreaterThanOrEqual(before - 5_000);
      expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
    },
  );

  it('updates the same row on the next report (device name and version trimmed)', async () => {
    const deviceId = devices[eve.id] ?? '';
    const first = await stored(deviceId);
    const outcome = await report(
      eve,
      goodArgs(deviceId, {
        device_name: '  Safari on iPad ',
        app_version: ' 0.2.0 ',
        pending_count: 0,
        needs_attention_count: 0,
      }),
    );
    expect(outcome.error).toBeNull();
    const next = await stored(deviceId);
    expect(next).toMatchObject({
      user_id: eve.id,
      device_name: 'Safari on iPad',
      app_version: '0.2.0',
      pending_count: 0,
      needs_attention_count: 0,
    });
    expect(Date.parse(next?.updated_at ?? '')).toBeGreaterThan(Date.parse(first?.updated_at ?? ''));
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.device_health where user_id = $1`,
      [eve.id],
    );
    expect(rows[0]?.n).toBe(1);
    // Name and version may be left out: the device is still known by its id.
    const bare = await report(eve, {
      device_id: deviceId,
      pending_count: 0,
      needs_attention_count: 0,
    });
    expect(bare.error).toBeNull();
    expect(await stored(deviceId)).toMatchObject({ device_name: null, app_version: null });
  });

  it.each([
    ['CUSTOMER', () => cass],
    ['ADMIN', () => ada],
    ['VENDOR', () => vic],
  ] as const)(
    'refuses a %s reporting for a device another user reports for (409), changing nothing',
    async (_role, who) => {
      const deviceId = devices[eve.id] ?? '';
      const before = await stored(deviceId);
      expectRefused(
        await report(who(), goodArgs(deviceId, { pending_count: 99 })),
        409,
        'This device is registered to another user',
      );
      expect(await stored(deviceId)).toEqual(before);
    },
  );

  it('refuses a deleted user (403) and anonymous callers, storing nothing', async () => {
    const deviceId = randomUUID();
    expectRefused(await report(gone, goodArgs(deviceId)), 403, 'Your account is not active');
    const anon = createTestClient(running.url);
    const { error, status } = await anon.rpc('device_health_report', { args: goodArgs(deviceId) });
    expect(error).not.toBeNull();
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(await stored(deviceId)).toBeUndefined();
  });

  const id = () => randomUUID();
  it.each([
    ['args that are not an object', () => [1, 2], 'The request is malformed'],
    ['no args', () => null, 'The request is malformed'],
    ['no device id', () => goodArgs(''), 'A device id is required'],
    ['a device id that is not a UUID', () => goodArgs('tablet-7'), 'A device id is required'],
    [
      'a device name that is not text',
      () => goodArgs(id(), { device_name: 7 }),
      'Device name must be text',
    ],
    [
      'a device name over 80 characters',
      () => goodArgs(id(), { device_name: 'x'.repeat(81) }),
      'Device name must be at most 80 characters',
    ],
    [
      'an app version that is not text',
      () => goodArgs(id(), { app_version: ['1'] }),
      'App version must be text',
    ],
    [
      'an app version over 40 characters',
      () => goodArgs(id(), { app_version: '1'.repeat(41) }),
      'App version must be at most 40 characters',
    ],
    [
      'no queued count',
      () => goodArgs(id(), { pending_count: null }),
      'Queued changes must be a whole number of 0 or more',
    ],
    [
      'a negative queued count',
      () => goodArgs(id(), { pending_count: -1 }),
      'Queued changes must be a whole number of 0 or more',
    ],
    [
      'a fractional queued count',
      () => goodArgs(id(), { pending_count: 1.5 }),
      'Queued changes must be a whole number of 0 or more',
    ],
    [
      'a queued count sent as text',
      () => goodArgs(id(), { pending_count: '3' }),
      'Queued changes must be a whole number of 0 or more',
    ],
    [
      'a huge queued count',
      () => goodArgs(id(), { pending_count: 1e12 }),
      'Queued changes must be a whole number of 0 or more',
    ],
    [
      'no needs-attention count',
      () => goodArgs(id(), { needs_attention_count: undefined }),
      'Needs-attention count must be a whole number of 0 or more',
    ],
    [
      'a needs-attention count that is not a number',
      () => goodArgs(id(), { needs_attention_count: true }),
      'Needs-attention count must be a whole number of 0 or more',
    ],
  ])('refuses %s with 400 and its reason', async (_case, args, message) => {
    const sent = args();
    const outcome = await report(eve, sent);
    expectRefusedAs(outcome, 400, 'validation', message);
    const deviceId =
      sent && typeof sent === 'object' && !Array.isArray(sent) ? sent.device_id : undefined;
    if (typeof deviceId === 'string' && deviceId.length === 36) {
      expect(await stored(deviceId)).toBeUndefined();
    }
  });
});

describe('reading device health', () => {
  it('is for vendors: a vendor reads every device, through the table and through sync_pull', async () => {
    const all = Object.values(devices).sort();
    const { data, error } = await vic.client.from('device_health').select('id');
    expect(error).toBeNull();
    expect((data ?? []).map((r) => r.id).sort()).toEqual(all);
    const pulled = await vic.client.rpc('sync_pull', { table_name: 'device_health' });
    expect(pulled.error).toBeNull();
    const rows = (pulled.data as { rows: { id: string; user_id: string }[] }).rows;
    expect(rows.map((r) => r.id).sort()).toEqual(all);
    expect(rows.find((r) => r.id === devices[eve.id])).toMatchObject({ user_id: eve.id });
  });

  it.each([
    ['CUSTOMER', () => cass],
    ['ENGINEER', () => eve],
    ['ADMIN', () => ada],
  ] as const)('is not for a %s, not even their own device', async (_role, who) => {
    const { data, error } = await who().client.from('device_health').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const pulled = await who().client.rpc('sync_pull', { table_name: 'device_health' });
    expect(pulled.error).toBeNull();
    expect((pulled.data as { rows: unknown[] }).rows).toEqual([]);
  });

  it('is written by nobody directly, vendors included', async () => {
    const deviceId = devices[eve.id] ?? '';
    const before = await stored(deviceId);
    for (const actor of [cass, eve, ada, vic]) {
      const inserted = await actor.client.from('device_health').insert({
        id: randomUUID(),
        user_id: actor.id,
        last_sync_at: new Date().toISOString(),
        pending_count: 0,
        needs_attention_count: 0,
      });
      expect(inserted.error, actor.role).not.toBeNull();
      const updated = await actor.client
        .from('device_health')
        .update({ pending_count: 42 })
        .eq('id', deviceId)
        .select('id');
      expect(updated.error === null ? updated.data : [], actor.role).toEqual([]);
      const deleted = await actor.client
        .from('device_health')
        .delete()
        .eq('id', deviceId)
        .select('id');
      expect(deleted.error === null ? deleted.data : [], actor.role).toEqual([]);
    }
    expect(await stored(deviceId)).toEqual(before);
  });
});
