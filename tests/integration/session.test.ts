// The device session (src/data/session.ts) against the real local server through supabase-js:
// sign-in with SPEC's messages, role resolution, per-user mirrors, sign-out that keeps unsent
// changes, and opening the app offline with an expired token.
import { layoutDrawn, screenReadsUnderWay } from '../../src/data/screen-reads';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openLocalDatabase, type ChairsideDatabase } from '../../src/data/db';
import { CHANGE_PASSWORD_OFFLINE, SessionStore } from '../../src/data/session';
import { supabaseSessionBackend } from '../../sync';
import { userRow } from '../../src/testing/rows';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

interface Device {
  store: SessionStore;
  storage: MemoryStorage;
  indexedDB: IDBFactory;
  /**
   * up: false = requests are never answered; refusing: requests fail at once; hold: requests
   * whose URL it matches wait until it is set back to null; answered: the URLs answered, in order.
   */
  network: { up: boolean; refusing: boolean; hold: RegExp | null; answered: string[] };
  /** The mirrors this device's store opened, in order. */
  opened: ChairsideDatabase[];
}

function device(existing?: Pick<Device, 'storage' | 'indexedDB'>): Device {
  const storage = existing?.storage ?? new MemoryStorage();
  const indexedDB = existing?.indexedDB ?? new IDBFactory();
  const network: Device['network'] = { up: true, refusing: false, hold: null, answered: [] };
  const held = async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    while (network.hold?.test(url)) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const client: SupabaseClient = createClient(running.url, 'local-anon-key', {
    auth: { persistSession: true, autoRefreshToken: false, storage, storageKey: 'chairside-auth' },
    global: {
      fetch: (input, init) =>
        network.refusing
          ? Promise.reject(new TypeError('fetch failed'))
          : // No signal: a request is never answered.
            network.up
            ? held(input)
                .then(() => fetch(input, init))
                .then((response) => {
                  network.answered.push(response.url);
                  return response;
                })
            : new Promise<Response>(() => undefined),
    },
    realtime: { transport: (globalThis.WebSocket ?? class {}) as never },
  });
  const opened: ChairsideDatabase[] = [];
  const store = new SessionStore({
    client,
    backend: supabaseSessionBackend(client),
    storage,
    sync: false,
    openDatabase: (userId) => {
      const mirror = openLocalDatabase(userId, { indexedDB, IDBKeyRange });
      opened.push(mirror);
      return mirror;
    },
  });
  return { store, storage, indexedDB, network, opened };
}

async function signUpUser(email: string, role: string, name: string) {
  const d = device();
  const result = await d.store.signUp({
    email,
    password: 'correct-horse',
    name,
    role: role as never,
  });
  expect(result).toEqual({ needsEmailConfirmation: false });
}

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  await signUpUser('eve@example.com', 'ENGINEER', 'Eve Evans');
  await signUpUser('vic@example.com', 'VENDOR', 'Vic Vance');
  await signUpUser('pat@example.com', 'CUSTOMER', 'Pat Password');
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('SessionStore', () => {
  it('passes the provider message through when sign-in fails', async () => {
    const d = device();
    await expect(d.store.signIn('eve@example.com', 'wrong-password')).rejects.toThrow(
      'Invalid login credentials',
    );
    expect(d.store.getState()).toEqual({ status: 'signedOut' });
  });

  it('maps a duplicate sign-up to SPEC wording and leaves nobody signed in after sign-up', async () => {
    const d = device();
    await expect(
      d.store.signUp({
        email: 'eve@example.com',
        password: 'correct-horse',
        name: 'Eve',
        role: 'CUSTOMER',
      }),
    ).rejects.toThrow('An account with this email already exists. Please sign in instead.');
    expect(d.store.getState().status).not.toBe('signedIn');
  });

  it('signs in with the role of the stored user row, over the sign-up metadata', async () => {
    await db.query(`update public.users set role = 'ADMIN' where email = 'vic@example.com'`);
    const d = device();
    layoutDrawn();
    const user = await d.store.signIn('vic@example.com', 'correct-horse');
    expect(user).toMatchObject({ email: 'vic@example.com', name: 'Vic Vance', role: 'ADMIN' });
    expect(d.store.getState().status).toBe('signedIn');
    // Their screen is on its way: a read of the shown screen until the layout is drawn (a new
    // device's first sync waits for it before its second stage).
    expect(screenReadsUnderWay()).toBe(1);
    layoutDrawn();
    expect(screenReadsUnderWay()).toBe(0);
    await db.query(`update public.users set role = 'VENDOR' where email = 'vic@example.com'`);
  });

  it("opens a new mirror while the user's row comes over the network, not after it", async () => {
    const d = device();
    d.network.hold = /\/rest\/v1\/users/;
    const signingIn = d.store.signIn('eve@example.com', 'correct-horse');
    await vi.waitFor(() => expect(d.opened[0]?.isOpen()).toBe(true));
    expect(d.store.getState().status).not.toBe('signedIn');
    d.network.hold = null;
    await signingIn;
    expect(d.store.getState().status).toBe('signedIn');
  });

  it('restores the stored session on the next start', async () => {
    const first = device();
    await first.store.signIn('eve@example.com', 'correct-horse');
    const again = device(first);
    await again.store.init();
    const state = again.store.getState();
    expect(state.status === 'signedIn' && state.user).toMatchObject({
      email: 'eve@example.com',
      role: 'ENGINEER',
    });
  });

  it('confirms a restored session in the background without a new state or a pass of its own; a changed name is picked up', async () => {
    const first = device();
    await first.store.signIn('eve@example.com', 'correct-horse');
    const again = device(first);
    // The check's read of the user row waits until the test has watched the state.
    again.network.hold = /\/rest\/v1\/users/;
    await again.store.init();
    const entered = again.store.getState();
    if (entered.status !== 'signedIn') throw new Error('not signed in');
    const requestSync = vi.spyOn(entered.engine, 'requestSync');
    let updates = 0;
    again.store.subscribe(() => (updates += 1));
    again.network.hold = null;
    await vi.waitFor(() =>
      expect(again.network.answered.some((u) => u.includes('/users'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Unchanged: the same state (no screen drawn again), and the engine's own start is the pass.
    expect(updates).toBe(0);
    expect(again.store.getState()).toBe(entered);
    expect(requestSync).not.toHaveBeenCalled();

    // Renamed on the server: the next start's check brings the new name.
    await db.query(
      `update public.users set name = 'Eve Evans-Hart' where email = 'eve@example.com'`,
    );
    try {
      const third = device(first);
      await third.store.init();
      await vi.waitFor(() => {
        const state = third.store.getState();
        expect(state.status === 'signedIn' && state.user.name).toBe('Eve Evans-Hart');
      });
    } finally {
      await db.query(`update public.users set name = 'Eve Evans' where email = 'eve@example.com'`);
    }
  });

  it('holds one connection to the mirror when the user row is read from it offline', async () => {
    const first = device();
    const user = await first.store.signIn('eve@example.com', 'correct-horse');
    expect(first.opened).toHaveLength(1);

    // The mirror holds the user's row under a newer name: the background read below finds it.
    await first.opened[0]!.users.put(
      userRow({ id: user.id, email: user.email, name: 'Eve Evans-Hart', role: 'ENGINEER' }),
    );
    const again = device(first);
    again.network.refusing = true;
    let updates = 0;
    again.store.subscribe(() => (updates += 1));
    // init() enters at once from the stored user, then re-reads the user row in the background:
    // from the server, which refuses, so from the mirror it already holds open.
    await again.store.init();
    await vi.waitFor(() => expect(updates).toBe(2));
    const renamed = again.store.getState();
    expect(renamed.status === 'signedIn' && renamed.user.name).toBe('Eve Evans-Hart');
    expect(again.opened).toHaveLength(1);
    const state = again.store.getState();
    expect(state.status === 'signedIn' && state.db).toBe(again.opened[0]);
    expect(again.opened[0]?.isOpen()).toBe(true);
  });

  it('opens the mirror offline with an expired token, without signing anyone out', async () => {
    const first = device();
    const user = await first.store.signIn('eve@example.com', 'correct-horse');
    // Expire the stored access token, as hours without signal would.
    const key = 'chairside-auth';
    const stored = JSON.parse(first.storage.getItem(key)!) as { expires_at: number };
    first.storage.setItem(key, JSON.stringify({ ...stored, expires_at: 1 }));

    const returning = device(first);
    returning.network.up = false;
    // init() must not wait on the network: with requests never answered, it would hang here.
    await returning.store.init();
    const state = returning.store.getState();
    expect(state.status).toBe('signedIn');
    expect(state.status === 'signedIn' && state.user).toEqual(user);
    expect(first.storage.getItem(key)).not.toBeNull();
  });

  it('deletes the mirror on sign-out when nothing is left to send', async () => {
    const d = device();
    const user = await d.store.signIn('eve@example.com', 'correct-horse');
    await d.store.signOut();
    expect(d.store.getState()).toEqual({ status: 'signedOut' });
    const names = (await d.indexedDB.databases()).map((info) => info.name);
    expect(names).not.toContain(`chairside-${user.id}`);
  });

  it('keeps unsent changes on the device through sign-out, for the same user only', async () => {
    const d = device();
    const user = await d.store.signIn('eve@example.com', 'correct-horse');
    const state = d.store.getState();
    if (state.status !== 'signedIn') throw new Error('expected a session');
    await state.db.outbox.add({
      id: crypto.randomUUID(),
      name: 'ticket.take',
      args: { ticketId: crypto.randomUUID() },
      userId: user.id,
      createdAt: new Date().toISOString(),
      touches: [],
      status: 'pending',
      attempts: 0,
    });
    expect(await d.store.unsentChanges()).toBe(1);
    await d.store.signOut();

    await d.store.signIn('vic@example.com', 'correct-horse');
    expect(await d.store.unsentChanges()).toBe(0);
    await d.store.signOut();

    await d.store.signIn('eve@example.com', 'correct-horse');
    expect(await d.store.unsentChanges()).toBe(1);
  });
});

describe('changing a password', () => {
  it('needs the current password, signs the other devices out, and says so offline', async () => {
    const here = device();
    await here.store.signIn('pat@example.com', 'correct-horse');
    const elsewhere = device();
    await elsewhere.store.signIn('pat@example.com', 'correct-horse');
    const elsewhereRefresh = (
      JSON.parse(elsewhere.storage.getItem('chairside-auth')!) as { refresh_token: string }
    ).refresh_token;

    await expect(here.store.changePassword('not-it', 'battery-staple')).rejects.toThrow(
      'Current password is incorrect',
    );
    here.network.refusing = true;
    await expect(here.store.changePassword('correct-horse', 'battery-staple')).rejects.toThrow(
      CHANGE_PASSWORD_OFFLINE,
    );
    here.network.refusing = false;
    await here.store.changePassword('correct-horse', 'battery-staple');

    const fresh = device();
    await expect(fresh.store.signIn('pat@example.com', 'correct-horse')).rejects.toThrow(
      'Invalid login credentials',
    );
    await fresh.store.signIn('pat@example.com', 'battery-staple');
    // The other device's refresh token no longer works; this device stays signed in.
    const res = await fetch(`${running.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'local-anon-key' },
      body: JSON.stringify({ refresh_token: elsewhereRefresh }),
    });
    expect(res.status).toBe(400);
    expect(here.store.getState().status).toBe('signedIn');
  });
});

describe('signing in under the rate limit', () => {
  it("shows the server's 'Too many attempts' words after ten wrong passwords", async () => {
    const d = device();
    for (let i = 0; i < 10; i++) {
      await expect(d.store.signIn('eve@example.com', `wrong-${i}-pass`)).rejects.toThrow(
        'Invalid login credentials',
      );
    }
    await expect(d.store.signIn('eve@example.com', 'correct-horse')).rejects.toThrow(
      /^Too many attempts\. Try again in \d+ seconds\.$/,
    );
  });
});
