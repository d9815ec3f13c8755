// The session where the service worker reads it too (issue 32): the page keeps it in
// localStorage and IndexedDB, and reads the newer of the two.
import { describe, expect, it } from 'vitest';
import {
  indexedDbStorage,
  sessionUserId,
  sharedSessionStorage,
  type AsyncStorage,
} from './session-storage';

const KEY = 'chairside-auth';
const session = (refresh: string, expiresAt: number, userId = 'user-1') =>
  JSON.stringify({ refresh_token: refresh, expires_at: expiresAt, user: { id: userId } });

function memoryLocal(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const copy = (): AsyncStorage => indexedDbStorage(indexedDB, `session-${crypto.randomUUID()}`);

describe('indexedDbStorage', () => {
  it('keeps, reads and removes items', async () => {
    const store = copy();
    expect(await store.getItem(KEY)).toBeNull();
    await store.setItem(KEY, 'a');
    expect(await store.getItem(KEY)).toBe('a');
    await store.removeItem(KEY);
    expect(await store.getItem(KEY)).toBeNull();
  });

  it('reads as empty and writes nothing without IndexedDB', async () => {
    const store = indexedDbStorage(null);
    await store.setItem(KEY, 'a');
    expect(await store.getItem(KEY)).toBeNull();
  });
});

describe('sharedSessionStorage', () => {
  it('writes and removes both', async () => {
    const local = memoryLocal();
    const shared = copy();
    const page = sharedSessionStorage(local, shared);
    await page.setItem(KEY, session('r1', 100));
    expect(local.items.get(KEY)).toBe(session('r1', 100));
    expect(await shared.getItem(KEY)).toBe(session('r1', 100));
    await page.removeItem(KEY);
    expect(local.items.has(KEY)).toBe(false);
    expect(await shared.getItem(KEY)).toBeNull();
  });

  it('takes the session the service worker renewed, and updates localStorage', async () => {
    const local = memoryLocal({ [KEY]: session('r1', 100) });
    const shared = copy();
    await shared.setItem(KEY, session('r2', 200));
    const page = sharedSessionStorage(local, shared);
    expect(await page.getItem(KEY)).toBe(session('r2', 200));
    expect(local.items.get(KEY)).toBe(session('r2', 200));
  });

  it("keeps the page's newer session, and copies it for the service worker", async () => {
    const local = memoryLocal({ [KEY]: session('r3', 300) });
    const shared = copy();
    await shared.setItem(KEY, session('r2', 200));
    const page = sharedSessionStorage(local, shared);
    expect(await page.getItem(KEY)).toBe(session('r3', 300));
    expect(await shared.getItem(KEY)).toBe(session('r3', 300));
  });

  it('copies a session stored before the copy existed (an earlier version of the app)', async () => {
    const local = memoryLocal({ [KEY]: session('r1', 100) });
    const shared = copy();
    expect(await sharedSessionStorage(local, shared).getItem(KEY)).toBe(session('r1', 100));
    expect(await shared.getItem(KEY)).toBe(session('r1', 100));
  });

  it('works on localStorage alone without IndexedDB', async () => {
    const local = memoryLocal();
    const page = sharedSessionStorage(local, indexedDbStorage(null));
    await page.setItem(KEY, session('r1', 100));
    expect(await page.getItem(KEY)).toBe(session('r1', 100));
  });
});

describe('sessionUserId', () => {
  it("reads the stored session's user, or null", () => {
    expect(sessionUserId(session('r1', 1, 'u-9'))).toBe('u-9');
    expect(sessionUserId(null)).toBeNull();
    expect(sessionUserId('not json')).toBeNull();
    expect(sessionUserId('{"user":{}}')).toBeNull();
  });
});
