// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { performMutation } from '../src/data/actions';
import { LOCK_RETRY_MS, SyncEngine } from './engine';
import type { SyncStatus } from '../src/data/sync-status';
import {
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  fakeAuth,
  freshDatabase,
  offline,
  ok,
  refused,
  scriptedTransport,
  ticketRow,
  toWire,
} from './testing/fixtures';
import type { BackendResponse } from './classify';

/** A backend whose answers the test switches between offline and a working empty server. */
function switchableServer() {
  const state = { online: false };
  const transport = scriptedTransport((fn, params): BackendResponse => {
    if (!state.online) return offline;
    if (fn === 'sync_pull') return ok({ rows: [], total: 0 });
    if (fn === 'ticket_take') {
      const args = params.args as { ticketId: string };
      return ok({
        support_tickets: [
          toWire(
            ticketRow({ id: args.ticketId, engineerUserId: ENGINEER_ID, status: 'IN_PROGRESS' }),
          ),
        ],
      });
    }
    return refused('PT400', 'unexpected');
  });
  return { state, transport };
}

/** Lets timers due now fire and waits for the passes they start. */
const settle = async (engine: SyncEngine) => {
  await vi.advanceTimersByTimeAsync(0);
  await engine.whenIdle();
  await vi.waitFor(async () => {
    await engine.whenIdle();
  });
};

/** An engine on a fresh mirror holding one open ticket, with a working server. */
async function onlineEngineWithTicket() {
  const db = freshDatabase();
  const ticket = ticketRow();
  await db.supportTickets.put(ticket);
  const { state, transport } = switchableServer();
  state.online = true;
  const engine = new SyncEngine({
    db,
    userId: ENGINEER_ID,
    transport,
    auth: fakeAuth(),
    writeDebounceMs: 300,
  });
  return { db, ticket, transport, engine };
}

/** A fresh mirror holding one ticket that the engineer has taken (queued, not yet pushed). */
async function mirrorWithTakenTicket() {
  const db = freshDatabase();
  const ticket = ticketRow();
  await db.supportTickets.put(ticket);
  const take = await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
  return { db, take };
}

describe('SyncEngine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pushes shortly after a local write and reports the pending count on the way', async () => {
    const { db, ticket, transport, engine } = await onlineEngineWithTicket();
    const seen: SyncStatus[] = [];
    engine.subscribe((s) => seen.push(s));
    await engine.start();
    await settle(engine);
    const callsBefore = transport.calls.length;

    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    await settle(engine);
    expect(engine.getStatus().pendingCount).toBe(1);
    expect(transport.calls.length).toBe(callsBefore);

    await vi.advanceTimersByTimeAsync(300);
    await settle(engine);
    expect(transport.calls.slice(callsBefore).map((c) => c.fn)[0]).toBe('ticket_take');
    expect(engine.getStatus()).toMatchObject({
      pendingCount: 0,
      syncing: false,
      firstSyncDone: true,
    });
    expect(seen.some((s) => s.syncing)).toBe(true);
    engine.stop();
  });

  it('pushes a change another tab queued as promptly as its own', async () => {
    const { db, ticket, transport, engine } = await onlineEngineWithTicket();
    await engine.start();
    await settle(engine);
    const callsBefore = transport.calls.length;

    // Another tab (an offline one) queues a change: this tab hears of it only through IndexedDB.
    await db.outbox.add({
      id: crypto.randomUUID(),
      name: 'ticket.take',
      args: { ticketId: ticket.id },
      userId: ENGINEER_ID,
      createdAt: new Date().toISOString(),
      touches: [`supportTickets:${ticket.id}`],
      status: 'pending',
      attempts: 0,
    });
    // Dexie tells its live queries of the write on a timer due at once: those run, the clock
    // stays (a look that moved it let the 300 ms pass, and the push, as the machine was slow).
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(0);
      expect(engine.getStatus().pendingCount).toBe(1);
    });
    await vi.advanceTimersByTimeAsync(300);
    await settle(engine);
    expect(transport.calls.slice(callsBefore).map((c) => c.fn)[0]).toBe('ticket_take');
    await vi.waitFor(() => expect(engine.getStatus().pendingCount).toBe(0));
    engine.stop();
  });

  it('looks again shortly when another tab held the sync lock with changes waiting', async () => {
    const { db } = await mirrorWithTakenTicket();
    const { state, transport } = switchableServer();
    state.online = true;
    // The first request finds the lock taken (another tab, offline, failing to push).
    let held = true;
    const request = vi.fn(
      (_name: string, _options: unknown, callback: (lock: object | null) => unknown) => {
        const lock = held ? null : {};
        held = false;
        return Promise.resolve(callback(lock));
      },
    );
    vi.stubGlobal('navigator', { ...navigator, onLine: true, locks: { request } });
    try {
      const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth: fakeAuth() });
      await engine.start();
      await settle(engine);
      expect(transport.calls).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(LOCK_RETRY_MS);
      await settle(engine);
      expect(transport.calls[0]?.fn).toBe('ticket_take');
      await vi.waitFor(() => expect(engine.getStatus().pendingCount).toBe(0));
      engine.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('backs off after a transient failure and pushes when the network returns', async () => {
    const { db } = await mirrorWithTakenTicket();
    const { state, transport } = switchableServer();
    // The session is told the network returned (supabase-js forgets its offline refresh failure).
    const auth = { ...fakeAuth(), networkReturned: vi.fn() };
    const engine = new SyncEngine({
      db,
      userId: ENGINEER_ID,
      transport,
      auth,
      random: () => 1,
    });
    await engine.start();
    await settle(engine);
    await vi.waitFor(() =>
      expect(engine.getStatus()).toMatchObject({
        online: false,
        pendingCount: 1,
        lastError: 'TypeError: fetch failed',
      }),
    );
    expect(transport.calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(transport.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle(engine);
    expect(transport.calls).toHaveLength(2); // retried after 1 s, still offline
    await vi.advanceTimersByTimeAsync(1_999);
    expect(transport.calls).toHaveLength(2); // the next wait is 2 s

    state.online = true;
    window.dispatchEvent(new Event('online'));
    await settle(engine);
    expect(auth.networkReturned).toHaveBeenCalledTimes(1);
    expect(engine.getStatus()).toMatchObject({ online: true, pendingCount: 0, lastError: null });
    expect(engine.getStatus().lastSyncAt).not.toBeNull();
    engine.stop();
  });

  it("runs a new device's first sync in its role's two stages, then pulls as usual", async () => {
    const db = freshDatabase();
    const transport = scriptedTransport((fn) => {
      if (fn === 'sync_home_figures') {
        return ok({ role: 'ENGINEER', server_time: '2026-11-21T10:00:00.000Z', tickets: [] });
      }
      return ok({ rows: [], total: 0 });
    });
    const engine = new SyncEngine({
      db,
      userId: ENGINEER_ID,
      role: 'ENGINEER',
      transport,
      auth: fakeAuth(),
    });
    const stages: (string | undefined)[] = [];
    engine.subscribe((status) => {
      if (status.progress && stages.at(-1) !== status.progress.stage) {
        stages.push(status.progress.stage);
      }
    });
    await engine.start();
    await settle(engine);
    expect(stages).toEqual(['first', 'rest']);
    const pulls = transport.calls.filter((c) => c.fn === 'sync_pull');
    // The engineer's four slices, their installations whole, then the eight other tables.
    expect(pulls.slice(0, 4).map((c) => c.params.slice)).toEqual([
      'first',
      'first',
      'first',
      'first',
    ]);
    expect(pulls.map((c) => c.params.table_name).slice(4)).toEqual([
      'installations',
      'users',
      'chairs',
      'parts',
      'support_tickets',
      'training_resources',
      'part_requests',
      'service_requests',
      'device_health',
    ]);
    expect(engine.getStatus().firstSyncDone).toBe(true);
    expect(await db.meta.get('homeFigures')).toBeUndefined();

    // Later passes pull every table once, by its cursor, with no slice and no counts.
    transport.calls.length = 0;
    const later: SyncStatus[] = [];
    engine.subscribe((status) => later.push(status));
    await engine.requestSync();
    await settle(engine);
    expect(transport.calls.filter((c) => c.fn === 'sync_pull')).toHaveLength(9);
    expect(transport.calls.some((c) => c.params.slice || c.fn === 'sync_home_figures')).toBe(false);
    // Nothing shows a later pass's progress: its status changes as it starts and as it ends, not
    // at each of its nine tables (each change draws the status bar again).
    expect(later.some((status) => status.progress !== null)).toBe(false);
    expect(later.length).toBeLessThanOrEqual(4);
    engine.stop();
  });

  it('runs a pass on the periodic timer and when the tab becomes visible', async () => {
    const db = freshDatabase();
    const { state, transport } = switchableServer();
    state.online = true;
    const engine = new SyncEngine({
      db,
      userId: ENGINEER_ID,
      transport,
      auth: fakeAuth(),
      periodMs: 60_000,
    });
    await engine.start();
    await settle(engine);
    const pulls = () => transport.calls.filter((c) => c.fn === 'sync_pull').length;
    expect(pulls()).toBe(9); // one sync_pull per mirrored table

    await vi.advanceTimersByTimeAsync(60_000);
    await settle(engine);
    expect(pulls()).toBe(18);

    document.dispatchEvent(new Event('visibilitychange'));
    await settle(engine);
    expect(pulls()).toBe(27);
    engine.stop();
  });

  it('lists rejected changes as needing attention, and retry or discard clears them', async () => {
    const { db, take } = await mirrorWithTakenTicket();
    const transport = scriptedTransport((fn) => {
      if (fn === 'sync_pull' || fn === 'sync_rows') return ok({ rows: [] });
      return refused('PT409', 'This ticket has already been taken by Nina Patel');
    });
    const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth: fakeAuth() });
    await engine.start();
    await settle(engine);
    expect(engine.getStatus().pendingCount).toBe(0);
    expect(engine.getStatus().needsAttention.map((e) => [e.id, e.rejection?.message])).toEqual([
      [take.id, 'This ticket has already been taken by Nina Patel'],
    ]);
    await engine.retry(take.id);
    await settle(engine);
    expect(engine.getStatus().needsAttention).toHaveLength(1);
    await engine.discard(take.id);
    await settle(engine);
    expect(engine.getStatus().needsAttention).toHaveLength(0);
    engine.stop();
  });

  it('asks for sign-in and pushes nothing when the session belongs to someone else', async () => {
    const { db } = await mirrorWithTakenTicket();
    const { state, transport } = switchableServer();
    state.online = true;
    const engine = new SyncEngine({
      db,
      userId: ENGINEER_ID,
      transport,
      auth: fakeAuth(OTHER_ENGINEER_ID),
    });
    await engine.start();
    await settle(engine);
    expect(transport.calls).toHaveLength(0);
    expect(engine.getStatus()).toMatchObject({ signInRequired: true, pendingCount: 1 });
    engine.stop();
  });

  it('sends the queue once the same user has signed in again', async () => {
    const { db } = await mirrorWithTakenTicket();
    const { state, transport } = switchableServer();
    state.online = true;
    let sessionUser: string | null = null; // the session expired: nobody signed in
    const auth = { ...fakeAuth(), currentUserId: async () => sessionUser };
    const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth });
    await engine.start();
    await settle(engine);
    expect(engine.getStatus()).toMatchObject({ signInRequired: true, pendingCount: 1 });
    // Someone else signing in does not send it.
    sessionUser = OTHER_ENGINEER_ID;
    await engine.requestSync();
    expect(transport.calls).toHaveLength(0);
    // The user signs in again: the session asks for a pass and the queue goes.
    sessionUser = ENGINEER_ID;
    await engine.requestSync();
    await settle(engine);
    expect(transport.calls[0]?.fn).toBe('ticket_take');
    await vi.waitFor(() =>
      expect(engine.getStatus()).toMatchObject({ signInRequired: false, pendingCount: 0 }),
    );
    engine.stop();
  });

  it('waits, without asking for sign-in, when the session cannot be renewed offline', async () => {
    const { db } = await mirrorWithTakenTicket();
    const { transport } = switchableServer();
    const engine = new SyncEngine({
      db,
      userId: ENGINEER_ID,
      transport,
      auth: fakeAuth('offline'),
    });
    await engine.start();
    await settle(engine);
    expect(transport.calls).toHaveLength(0);
    await vi.waitFor(() =>
      expect(engine.getStatus()).toMatchObject({
        signInRequired: false,
        online: false,
        pendingCount: 1,
        lastError: 'Waiting for the network to renew the session',
      }),
    );
    engine.stop();
  });

  it('lets only the tab holding the lock sync', async () => {
    const db = freshDatabase();
    const { state, transport } = switchableServer();
    state.online = true;
    const request = vi.fn(
      async (_name: string, _options: LockOptions, callback: (lock: Lock | null) => unknown) =>
        callback(null),
    );
    vi.stubGlobal('navigator', { onLine: true, locks: { request } });
    try {
      const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth: fakeAuth() });
      await engine.start();
      await settle(engine);
      expect(request).toHaveBeenCalledWith(
        `chairside-sync-${ENGINEER_ID}`,
        { ifAvailable: true },
        expect.any(Function),
      );
      expect(transport.calls).toHaveLength(0);
      engine.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tells the user when the device is out of storage', async () => {
    const db = freshDatabase();
    const transport = scriptedTransport(() =>
      ok({ rows: [{ id: 'x', updated_at: '2026-11-21T10:00:00Z' }] }),
    );
    const full = new Error('The quota has been exceeded.');
    full.name = 'QuotaExceededError';
    vi.spyOn(db.users, 'bulkPut').mockRejectedValue(full);
    const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth: fakeAuth() });
    await engine.start();
    await settle(engine);
    expect(engine.getStatus().lastError).toBe(
      'This device is out of storage space. Free some space so changes can be saved.',
    );
    engine.stop();
  });
});

describe('SyncEngine device health report', () => {
  const device = { name: 'Chrome on Android', appVersion: '9.9.9' };
  const reports = (transport: { calls: { fn: string; params: Record<string, unknown> }[] }) =>
    transport.calls.filter((c) => c.fn === 'device_health_report').map((c) => c.params.args);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports after each completed round, once the pull is done, from one stored device id', async () => {
    const { db, take } = await mirrorWithTakenTicket();
    // The take is refused (needs attention); a second change stays queued behind a server error.
    const transport = scriptedTransport((fn) => {
      if (fn === 'sync_pull' || fn === 'sync_rows') return ok({ rows: [] });
      if (fn === 'device_health_report') return ok({});
      return refused('PT409', 'This ticket has already been taken by Nina Patel');
    });
    const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth: fakeAuth(), device });
    await engine.start();
    await settle(engine);
    const fns = transport.calls.map((c) => c.fn);
    expect(fns.at(-1)).toBe('device_health_report');
    expect(fns.filter((fn) => fn === 'sync_pull')).toHaveLength(9);
    expect(fns.indexOf('device_health_report')).toBeGreaterThan(fns.lastIndexOf('sync_pull'));
    const deviceId = (await db.meta.get('deviceId'))?.value;
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(reports(transport)).toEqual([
      {
        device_id: deviceId,
        device_name: 'Chrome on Android',
        app_version: '9.9.9',
        pending_count: 0,
        needs_attention_count: 1,
      },
    ]);
    expect(engine.getStatus().needsAttention.map((e) => e.id)).toEqual([take.id]);

    await engine.discard(take.id);
    await engine.requestSync();
    await settle(engine);
    expect(reports(transport)).toHaveLength(2);
    expect(reports(transport)[1]).toMatchObject({ device_id: deviceId, needs_attention_count: 0 });
    engine.stop();
  });

  it('counts the changes still queued when the round ends, and reports nothing after a failed round', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    let serverDown = true;
    let wrote = false;
    const transport = scriptedTransport(async (fn) => {
      if (serverDown) return refused('PT503', 'busy', 503);
      if (fn === 'sync_pull' && !wrote) {
        // The engineer takes a ticket while the pull runs: it is queued when the round ends.
        wrote = true;
        await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
      }
      return ok({ rows: [] });
    });
    const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth: fakeAuth(), device });
    await engine.start();
    await settle(engine);
    // A 503 on the pull is transient: the round did not complete, so there is nothing to report.
    expect(reports(transport)).toEqual([]);
    expect(engine.getStatus().lastSyncAt).toBeNull();

    serverDown = false;
    await engine.requestSync();
    await settle(engine);
    expect(reports(transport)).toEqual([
      expect.objectContaining({ pending_count: 1, needs_attention_count: 0 }),
    ]);
    engine.stop();
  });

  it('never holds up or fails the round: a hanging, refused or failing report changes nothing', async () => {
    const db = freshDatabase();
    let answer: (response: BackendResponse) => void = () => undefined;
    let mode: 'hang' | 'refuse' | 'offline' = 'hang';
    const transport = scriptedTransport((fn) => {
      if (fn === 'sync_pull') return ok({ rows: [], total: 0 });
      if (mode === 'refuse') return refused('PT400', 'Queued changes must be a whole number', 400);
      if (mode === 'offline') return offline;
      return new Promise<BackendResponse>((resolve) => {
        answer = resolve;
      });
    });
    const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth: fakeAuth(), device });
    await engine.start();
    await vi.advanceTimersByTimeAsync(0);
    // The round is over while the report still hangs: synced, not syncing, no error.
    await vi.waitFor(() => expect(reports(transport)).toHaveLength(1));
    expect(engine.getStatus()).toMatchObject({
      syncing: false,
      firstSyncDone: true,
      lastError: null,
    });
    expect(engine.getStatus().lastSyncAt).not.toBeNull();

    // A round that ends while a report is in flight leaves it to the next round.
    await engine.requestSync();
    expect(transport.calls.filter((c) => c.fn === 'sync_pull')).toHaveLength(18);
    expect(reports(transport)).toHaveLength(1);
    answer(offline);
    await settle(engine);

    for (const next of ['refuse', 'offline'] as const) {
      mode = next;
      await engine.requestSync();
      await settle(engine);
      expect(engine.getStatus()).toMatchObject({
        online: true,
        lastError: null,
        pendingCount: 0,
        needsAttention: [],
      });
    }
    // Each round sent its own report; none went through the outbox or into needs-attention.
    expect(reports(transport)).toHaveLength(3);
    expect(await db.outbox.count()).toBe(0);
    // No retry timer was armed by a failed report: the next report comes with the next round.
    const calls = transport.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(transport.calls.length).toBe(calls);
    engine.stop();
  });
});
