// @vitest-environment jsdom
// The engine's live side (issue 28): pokes gathered into one pull of the tables they name, a
// (re)join pulling what was missed without doubling the pass in flight, no socket and no request
// while the browser reports no network, and the field team's presence passed on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SYNC_KEY } from '../src/data/mirror-state';
import { JOIN_WAIT_MS, POKE_WINDOW_MS, SyncEngine } from './engine';
import type { LiveListener, LivePort } from './live';
import { ENGINEER_ID, fakeAuth, freshDatabase, ok, scriptedTransport } from './testing/fixtures';

/** A LivePort the test drives: it records opens and closes and hands back the listener. */
function fakeLive() {
  const state = {
    opened: 0,
    paused: 0,
    resumed: 0,
    closed: 0,
    listener: null as LiveListener | null,
  };
  const port: LivePort = {
    open(listener) {
      state.opened += 1;
      state.listener = listener;
      return {
        pause: () => void (state.paused += 1),
        resume: () => void (state.resumed += 1),
        close: () => void (state.closed += 1),
      };
    },
  };
  return { port, state };
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const pulledTables = (calls: { fn: string; params: Record<string, unknown> }[]) =>
  calls.filter((c) => c.fn === 'sync_pull').map((c) => c.params.table_name);

const settle = async (engine: SyncEngine) => {
  await vi.advanceTimersByTimeAsync(0);
  await vi.waitFor(async () => {
    await engine.whenIdle();
  });
};

/**
 * An engine with a fake live port over `transport` (an empty server by default), not started: on a
 * new device, or on one whose first sync is done (`returning`).
 */
async function liveEngine(
  transport = scriptedTransport(() => ok({ rows: [], total: 0 })),
  { returning = false } = {},
) {
  const { port, state } = fakeLive();
  const db = freshDatabase();
  if (returning) await db.meta.put({ key: FIRST_SYNC_KEY, value: true });
  const engine = new SyncEngine({
    db,
    userId: ENGINEER_ID,
    transport,
    auth: fakeAuth(),
    live: port,
  });
  return { engine, state, transport };
}

/**
 * An empty server whose pulls wait until `release()`; `hold()` makes the next ones wait again.
 */
function heldServer() {
  let release: () => void = () => undefined;
  let held = Promise.resolve();
  const hold = () => {
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  hold();
  const transport = scriptedTransport(async (fn) => {
    if (fn === 'sync_pull') await held;
    return ok({ rows: [], total: 0 });
  });
  return { transport, hold, release: () => release() };
}

/** An engine on an empty server, started and joined. */
async function startedEngine() {
  const started = await liveEngine();
  await started.engine.start();
  started.state.listener?.joined();
  await settle(started.engine);
  return started;
}

describe('SyncEngine live updates', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    setOnline(true);
  });
  afterEach(() => {
    setOnline(true);
    vi.useRealTimers();
  });

  it('makes the pokes of one window one pull of the tables they name, and no health report', async () => {
    const { transport, engine, state } = await startedEngine();
    expect(state.opened).toBe(1);
    const before = transport.calls.length;

    state.listener?.poke(['support_tickets']);
    state.listener?.poke(['support_tickets', 'users']);
    await vi.advanceTimersByTimeAsync(POKE_WINDOW_MS / 2);
    state.listener?.poke(['not_a_table', 'chairs']);
    expect(transport.calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(POKE_WINDOW_MS);
    await settle(engine);

    const calls = transport.calls.slice(before);
    expect(new Set(pulledTables(calls))).toEqual(new Set(['support_tickets', 'users', 'chairs']));
    expect(pulledTables(calls)).toHaveLength(3);
    expect(calls.some((c) => c.fn === 'device_health_report')).toBe(false);

    // A poke naming only tables this device does not know pulls nothing.
    const after = transport.calls.length;
    state.listener?.poke(['realtime_messages']);
    await vi.advanceTimersByTimeAsync(POKE_WINDOW_MS * 2);
    await settle(engine);
    expect(transport.calls.length).toBe(after);
    engine.stop();
    expect(state.closed).toBe(1);
  });

  it('a new device pulls at once; the join during its pull brings one whole pull more', async () => {
    const { transport, release } = heldServer();
    const { engine, state } = await liveEngine(transport);
    await engine.start();
    await vi.advanceTimersByTimeAsync(0);
    // Not waiting for the join: the first pull is asked for at once, beside the socket.
    expect(state.opened).toBe(1);
    await vi.waitFor(() => expect(pulledTables(transport.calls).length).toBeGreaterThan(0));
    state.listener?.joined();
    release();
    await vi.advanceTimersByTimeAsync(POKE_WINDOW_MS);
    await settle(engine);
    // The first sync's pull of every table, then one more: what changed before the join.
    expect(pulledTables(transport.calls)).toHaveLength(18);
    expect(engine.getStatus().firstSyncDone).toBe(true);
    engine.stop();
  });

  it('syncs once joined: one pull reads what came before the join, pokes bring the rest', async () => {
    const { engine, transport, state } = await liveEngine(undefined, { returning: true });
    await engine.start();
    await settle(engine);
    expect(state.opened).toBe(1);
    expect(transport.calls).toEqual([]);
    state.listener?.joined();
    await settle(engine);
    expect(pulledTables(transport.calls)).toHaveLength(9);
    engine.stop();
  });

  it('syncs without the join when it does not come within JOIN_WAIT_MS (Realtime down)', async () => {
    const { engine, transport } = await liveEngine(undefined, { returning: true });
    await engine.start();
    await vi.advanceTimersByTimeAsync(JOIN_WAIT_MS - 10);
    expect(transport.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    await settle(engine);
    expect(pulledTables(transport.calls)).toHaveLength(9);
    engine.stop();
  });

  it('pulls every table after a rejoin, unless the pass in flight has yet to pull them', async () => {
    const { transport, hold, release } = heldServer();
    const { engine, state } = await liveEngine(transport, { returning: true });
    await engine.start();
    state.listener?.joined();
    // Joined again (a lost connection) while the pass is pulling its first table: that pull
    // began before the rejoin, so one more whole pull follows.
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(pulledTables(transport.calls).length).toBeGreaterThan(0));
    state.listener?.joined();
    release();
    await vi.advanceTimersByTimeAsync(POKE_WINDOW_MS);
    await settle(engine);
    expect(pulledTables(transport.calls)).toHaveLength(18);

    // Rejoined twice with nothing in flight: one whole pull.
    state.listener?.joined();
    state.listener?.joined();
    await vi.advanceTimersByTimeAsync(POKE_WINDOW_MS);
    await settle(engine);
    expect(pulledTables(transport.calls)).toHaveLength(27);

    // Rejoined while a pass (the minute's) has yet to start its pull: no pass more.
    hold();
    const pass = engine.requestSync();
    state.listener?.joined();
    release();
    await pass;
    await vi.advanceTimersByTimeAsync(POKE_WINDOW_MS);
    await settle(engine);
    expect(pulledTables(transport.calls)).toHaveLength(36);
    engine.stop();
  });

  it('holds no socket and sends nothing offline; back online, one socket and one pass', async () => {
    const { transport, engine, state } = await startedEngine();
    setOnline(false);
    expect(state.paused).toBe(1);
    expect(state.closed).toBe(0);
    const before = transport.calls.length;
    // Local writes, the minute's timer and a focus all find the browser offline: no request.
    await engine.requestSync();
    await vi.advanceTimersByTimeAsync(60_000);
    await settle(engine);
    expect(transport.calls.length).toBe(before);
    expect(engine.getStatus().online).toBe(false);

    setOnline(true);
    state.listener?.joined();
    await settle(engine);
    // The same topics join again on one socket: opened once, resumed once; one pull.
    expect(state.opened).toBe(1);
    expect(state.resumed).toBe(1);
    expect(pulledTables(transport.calls.slice(before))).toHaveLength(9);
    expect(engine.getStatus().online).toBe(true);
    engine.stop();
  });

  it('starts offline without a socket or a request', async () => {
    setOnline(false);
    const { engine, transport, state } = await liveEngine();
    await engine.start();
    await settle(engine);
    expect(state.opened).toBe(0);
    expect(transport.calls).toEqual([]);
    engine.stop();
  });

  it('passes on who of the field team is online, and forgets it offline', async () => {
    const { engine, state } = await startedEngine();
    const seen: (readonly string[] | null)[] = [];
    engine.subscribePresence((ids) => seen.push(ids));
    state.listener?.presence?.(['e1', 'e2']);
    state.listener?.presence?.(['e2']);
    setOnline(false);
    expect(seen).toEqual([null, ['e1', 'e2'], ['e2'], null]);
    engine.stop();
  });
});
