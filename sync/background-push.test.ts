// The service worker's background push (issue 32): the engine's sending step under the engine's
// lock, with the stored session (renewed when expired), and nothing when there is nothing to do.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { performMutation } from '../src/data/actions';
import { openLocalDatabase, type ChairsideDatabase } from '../src/data/db';
import { AUTH_STORAGE_KEY } from '../src/lib/env';
import { indexedDbStorage, sharedSessionStorage } from '../src/lib/session-storage';
import { workerSupabase } from '../src/lib/supabase';
import {
  SYNC_EVENT_ATTEMPTS,
  pushInBackground,
  pushInBackgroundRetrying,
  workerPushDeps,
  type BackgroundPushDeps,
} from './background-push';
import type { BackendResponse } from './classify';
import { SyncEngine } from './engine';
import { syncLockName } from './push-changes';
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
  type ScriptedTransport,
} from './testing/fixtures';
import { testLocks } from './testing/locks';

/**
 * A server that counts how often each ticket.take's mutation id is applied and answers pulls;
 * each answer takes `delayMs`.
 */
function ledgerServer(delayMs = 0) {
  const applied = new Map<string, number>();
  const transport = scriptedTransport(async (fn, params): Promise<BackendResponse> => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (fn === 'sync_pull') return ok({ rows: [], total: 0 });
    if (fn === 'ticket_take') {
      const id = params.mutation_id as string;
      applied.set(id, (applied.get(id) ?? 0) + 1);
      const { ticketId } = params.args as { ticketId: string };
      return ok({
        support_tickets: [
          toWire(ticketRow({ id: ticketId, engineerUserId: ENGINEER_ID, status: 'IN_PROGRESS' })),
        ],
      });
    }
    return ok(null);
  });
  return { applied, transport };
}

/** A mirror with `count` tickets taken offline (queued, not sent). */
async function mirrorWithTakes(count: number): Promise<ChairsideDatabase> {
  const db = freshDatabase();
  for (let i = 0; i < count; i += 1) {
    const ticket = ticketRow({ id: `00000000-0000-4000-8000-00000000010${i}` });
    await db.supportTickets.put(ticket);
    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
  }
  return db;
}

function deps(
  db: ChairsideDatabase,
  transport: ScriptedTransport,
  overrides: Partial<BackgroundPushDeps> = {},
): BackgroundPushDeps {
  return {
    storedUserId: async () => ENGINEER_ID,
    // The worker opens the mirror and closes it when done: a handle of its own.
    openMirror: async () => sameMirror(db),
    backend: () => ({ transport, auth: fakeAuth() }),
    ...overrides,
  };
}

/** Another handle on the same mirror, as the service worker opens it. */
const sameMirror = (db: ChairsideDatabase) => openLocalDatabase(ENGINEER_ID, { name: db.name });

const pendingCount = (db: ChairsideDatabase) => db.outbox.where('status').equals('pending').count();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pushInBackground', () => {
  it('sends the queued changes and leaves the outbox empty', async () => {
    const db = await mirrorWithTakes(2);
    const { applied, transport } = ledgerServer();
    await expect(pushInBackground(deps(db, transport))).resolves.toBe('sent');
    expect([...applied.values()]).toEqual([1, 1]);
    expect(await pendingCount(db)).toBe(0);
  });

  it('lands a refusal in needs attention, as a push from the app does', async () => {
    const db = await mirrorWithTakes(1);
    const transport = scriptedTransport((fn) =>
      fn === 'ticket_take'
        ? refused('P0001', 'This ticket has already been taken by Sophie Turner')
        : ok({ rows: [] }),
    );
    await expect(pushInBackground(deps(db, transport))).resolves.toBe('sent');
    const [entry] = await db.outbox.toArray();
    expect(entry?.status).toBe('rejected');
    expect(entry?.rejection?.message).toBe('This ticket has already been taken by Sophie Turner');
  });

  it('asks to be fired again when the network fails again, keeping the changes', async () => {
    const db = await mirrorWithTakes(1);
    const transport = scriptedTransport(() => offline);
    await expect(pushInBackground(deps(db, transport))).resolves.toBe('later');
    expect(await pendingCount(db)).toBe(1);
  });

  it('sends nothing without a stored session, a mirror, or anything queued', async () => {
    const db = await mirrorWithTakes(1);
    const { transport } = ledgerServer();
    const none = async () => null;
    await expect(pushInBackground(deps(db, transport, { storedUserId: none }))).resolves.toBe(
      'nothing',
    );
    await expect(pushInBackground(deps(db, transport, { openMirror: none }))).resolves.toBe(
      'nothing',
    );
    const empty = freshDatabase();
    await expect(
      pushInBackground(deps(empty, transport, { openMirror: async () => empty })),
    ).resolves.toBe('nothing');
    expect(transport.requests).toHaveLength(0);
  });

  it("never sends one user's queue under another user's session", async () => {
    const db = await mirrorWithTakes(1);
    const { transport } = ledgerServer();
    const backend = () => ({ transport, auth: fakeAuth(OTHER_ENGINEER_ID) });
    await expect(pushInBackground(deps(db, transport, { backend }))).resolves.toBe(
      'signInRequired',
    );
    expect(transport.requests).toHaveLength(0);
    expect(await pendingCount(db)).toBe(1);
  });

  it('waits for the lock an open tab holds, then sends only what is still pending', async () => {
    const db = await mirrorWithTakes(2);
    const { applied, transport } = ledgerServer();
    const locks = testLocks();
    let releaseTab!: () => void;
    const tabHolds = new Promise<void>((resolve) => (releaseTab = resolve));
    // A tab's pass holds the user's lock (the engine's name for it).
    const tab = locks.request(syncLockName(ENGINEER_ID), () => tabHolds);
    const background = pushInBackground(deps(db, transport, { locks }));
    await vi.waitFor(() => expect(locks.waiting(syncLockName(ENGINEER_ID))).toBe(1));
    expect(transport.requests).toHaveLength(0); // waiting for the tab
    // The tab sends the first change meanwhile (its answer settled), then lets go.
    const [first, second] = await db.outbox.orderBy(':id').toArray();
    await db.outbox.delete(first!.seq!);
    releaseTab();
    await tab;
    await expect(background).resolves.toBe('sent');
    expect([...applied.keys()]).toEqual([second!.id]);
    expect(await pendingCount(db)).toBe(0);
  });

  it('and an open engine racing the service worker sends each change once', async () => {
    for (const workerFirst of [true, false]) {
      const db = await mirrorWithTakes(3);
      // Slow answers: the two senders' passes overlap in time.
      const { applied, transport } = ledgerServer(50);
      const locks = testLocks();
      vi.stubGlobal('navigator', { onLine: true, locks });
      const engine = new SyncEngine({ db, userId: ENGINEER_ID, transport, auth: fakeAuth() });
      const background = () => pushInBackground(deps(db, transport, { locks }));
      const [outcome] = workerFirst
        ? await Promise.all([background(), engine.requestSync()])
        : await Promise.all([
            new Promise((resolve) => setTimeout(resolve, 20)).then(background),
            engine.requestSync(),
          ]);
      await engine.whenIdle();
      engine.stop();
      expect(outcome).toMatch(/^(sent|nothing)$/);
      expect(applied.size).toBe(3);
      expect([...applied.values()].every((n) => n === 1)).toBe(true);
      expect(await pendingCount(db)).toBe(0);
      vi.unstubAllGlobals();
    }
  });
});

/** A wait that returns at once and records how long it was asked to wait. */
function recordedWaits() {
  const waits: number[] = [];
  return { waits, wait: async (ms: number) => void waits.push(ms) };
}

describe('one sync event tries again, seconds apart, before it leaves it to the browser', () => {
  it('sends once the network that has just come back answers, after the backoff', async () => {
    const db = await mirrorWithTakes(1);
    const { applied, transport: server } = ledgerServer();
    // The first two requests fail (the worker's network is not back yet), then the server answers.
    let failures = 2;
    const transport: ScriptedTransport = {
      ...server,
      rpc: async (fn, params) => (failures-- > 0 ? offline : server.rpc(fn, params)),
    };
    const { waits, wait } = recordedWaits();
    await expect(pushInBackgroundRetrying(deps(db, transport), { wait })).resolves.toBe('sent');
    expect([...applied.values()]).toEqual([1]);
    expect(await pendingCount(db)).toBe(0);
    // The engine's backoff: a 1 s window, then a 2 s one (each waited in its upper half).
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(500);
    expect(waits[0]).toBeLessThanOrEqual(1_000);
    expect(waits[1]).toBeGreaterThanOrEqual(1_000);
    expect(waits[1]).toBeLessThanOrEqual(2_000);
  });

  it("gives up after its attempts with 'later', the changes kept, in under 15 s of waiting", async () => {
    const db = await mirrorWithTakes(1);
    const transport = scriptedTransport(() => offline);
    const { waits, wait } = recordedWaits();
    await expect(pushInBackgroundRetrying(deps(db, transport), { wait })).resolves.toBe('later');
    expect(waits).toHaveLength(SYNC_EVENT_ATTEMPTS - 1);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(15_000);
    expect(await pendingCount(db)).toBe(1);
  });

  it('does not try again what is not a network failure', async () => {
    const db = await mirrorWithTakes(1);
    const { transport } = ledgerServer();
    const { waits, wait } = recordedWaits();
    const backend = () => ({ transport, auth: fakeAuth(OTHER_ENGINEER_ID) });
    await expect(
      pushInBackgroundRetrying(deps(db, transport, { backend }), { wait }),
    ).resolves.toBe('signInRequired');
    await expect(
      pushInBackgroundRetrying(deps(db, transport, { storedUserId: async () => null }), { wait }),
    ).resolves.toBe('nothing');
    expect(waits).toEqual([]);
  });
});

describe('the service worker renews an expired session', () => {
  const URL_BASE = 'http://chairside.test';
  const user = { id: ENGINEER_ID, aud: 'authenticated', role: 'authenticated', email: 'e@x.test' };
  const session = (token: string, refresh: string, expiresAt: number) =>
    JSON.stringify({
      access_token: token,
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: expiresAt,
      refresh_token: refresh,
      user,
    });

  it('refreshes once, sends with the new token, and the page then reads the renewed session', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sessions = indexedDbStorage(indexedDB, `session-${crypto.randomUUID()}`);
    const expired = session('old-access', 'refresh-1', now - 60);
    await sessions.setItem(AUTH_STORAGE_KEY, expired);
    const refreshes: string[] = [];
    const bearers: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
      if (url.pathname === '/auth/v1/token') {
        const body = JSON.parse(String(init?.body)) as { refresh_token: string };
        refreshes.push(body.refresh_token);
        return Response.json(JSON.parse(session('new-access', 'refresh-2', now + 3600)));
      }
      if (url.pathname.startsWith('/rest/v1/rpc/')) {
        bearers.push(headers.get('Authorization') ?? '');
        const { mutations } = JSON.parse(String(init?.body)) as {
          mutations: { args: { ticketId: string } }[];
        };
        return Response.json({
          results: mutations.map((m) => ({
            data: {
              support_tickets: [
                toWire(ticketRow({ id: m.args.ticketId, engineerUserId: ENGINEER_ID })),
              ],
            },
          })),
        });
      }
      return new Response('{}', { status: 404 });
    }) as typeof fetch;
    const db = await mirrorWithTakes(2);
    // supabase-js makes a Realtime client (never connected here), which wants a WebSocket: Node
    // 20 has none, browsers and their workers do.
    if (typeof WebSocket === 'undefined') vi.stubGlobal('WebSocket', class {});
    const env = { supabaseUrl: URL_BASE, supabaseAnonKey: 'anon' };
    const worker = workerPushDeps({ navigator: {} }, sessions, () =>
      workerSupabase(sessions, env, fetchImpl),
    );

    await expect(
      pushInBackground({ ...worker, openMirror: async () => sameMirror(db) }),
    ).resolves.toBe('sent');

    expect(refreshes).toEqual(['refresh-1']);
    expect(bearers).toEqual(['Bearer new-access']);
    expect(await pendingCount(db)).toBe(0);
    // The renewed session is where the page reads it: the page takes it over from the copy, so
    // it never presents the refresh token the server has rotated.
    const local = new Map<string, string>([[AUTH_STORAGE_KEY, expired]]);
    const localStorage = {
      getItem: (key: string) => local.get(key) ?? null,
      setItem: (key: string, value: string) => void local.set(key, value),
      removeItem: (key: string) => void local.delete(key),
    };
    const page = sharedSessionStorage(localStorage, sessions);
    const read = JSON.parse((await page.getItem(AUTH_STORAGE_KEY))!) as { refresh_token: string };
    expect(read.refresh_token).toBe('refresh-2');
    expect(JSON.parse(local.get(AUTH_STORAGE_KEY)!)).toMatchObject({ refresh_token: 'refresh-2' });
  });
});
