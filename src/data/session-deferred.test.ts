import { describe, expect, it, vi } from 'vitest';
import type { SessionState, SessionStore, SessionUser } from './session';
import { DeferredSession, SESSION_CODE_UNAVAILABLE } from './session-deferred';

const user: SessionUser = { id: 'u1', email: 'pat@example.com', name: 'Pat', role: 'ENGINEER' };
const signedIn = { status: 'signedIn', user } as unknown as SessionState;

/** The SessionStore surface DeferredSession uses, starting 'loading' as the real one does. */
class FakeStore {
  state: SessionState = { status: 'loading' };
  private readonly listeners = new Set<() => void>();
  getState = () => this.state;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  set(state: SessionState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
  init = vi.fn(async () => this.set(signedIn));
  signIn = vi.fn(async () => {
    this.set(signedIn);
    return user;
  });
  signOut = vi.fn(async () => this.set({ status: 'signedOut' }));
  unsentChanges = vi.fn(async () => 2);
}

function storageWith(items: Record<string, string>) {
  return { getItem: (key: string) => items[key] ?? null };
}

function deferred(stored: boolean, load = vi.fn(async () => new FakeStore() as FakeStore)) {
  const storage = storageWith(stored ? { 'chairside-auth': '{"user":{"id":"u1"}}' } : {});
  const session = new DeferredSession({
    load: load as unknown as () => Promise<SessionStore>,
    storage,
  });
  return { session, load };
}

describe('DeferredSession', () => {
  it('is signed out at once, loading nothing, when no session is stored', async () => {
    const { session, load } = deferred(false);
    expect(session.getState()).toEqual({ status: 'signedOut' });
    await session.init();
    expect(load).not.toHaveBeenCalled();
    expect(await session.unsentChanges()).toBe(0);
    await session.signOut();
    expect(session.getState()).toEqual({ status: 'signedOut' });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the code ahead of a sign-in when asked, once, still signed out', async () => {
    const store = new FakeStore();
    const { session, load } = deferred(
      false,
      vi.fn(async () => store),
    );
    session.prepare();
    session.prepare();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(session.getState()).toEqual({ status: 'signedOut' });
    await session.signIn('pat@example.com', 'secret1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(session.getState()).toEqual(signedIn);
  });

  it('tries again at sign-in when the code could not be fetched ahead of it', async () => {
    const store = new FakeStore();
    const load = vi
      .fn<() => Promise<FakeStore>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(store);
    const { session } = deferred(false, load);
    session.prepare();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    await session.signIn('pat@example.com', 'secret1');
    expect(load).toHaveBeenCalledTimes(2);
    expect(session.getState()).toEqual(signedIn);
  });

  it('loads at once and restores a stored session, following the store', async () => {
    const store = new FakeStore();
    const { session, load } = deferred(
      true,
      vi.fn(async () => store),
    );
    expect(session.getState()).toEqual({ status: 'loading' });
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getState().status));
    await session.init();
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.init).toHaveBeenCalledTimes(1);
    expect(session.getState()).toBe(signedIn);
    expect(await session.unsentChanges()).toBe(2);
    await session.signOut();
    expect(store.signOut).toHaveBeenCalled();
    expect(seen).toEqual(['signedIn', 'signedOut']);
  });

  it("loads the store on sign-in, staying signed out (not 'loading') until it answers", async () => {
    const store = new FakeStore();
    const { session, load } = deferred(
      false,
      vi.fn(async () => store),
    );
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getState().status));
    await expect(session.signIn('pat@example.com', 'secret123')).resolves.toEqual(user);
    expect(store.signIn).toHaveBeenCalledWith('pat@example.com', 'secret123');
    expect(store.init).not.toHaveBeenCalled();
    expect(seen).toEqual(['signedIn']);
    await session.signIn('pat@example.com', 'secret123');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so in words when the code cannot be fetched, and fetches it again next time', async () => {
    const store = new FakeStore();
    const load = vi
      .fn<() => Promise<FakeStore>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(store);
    const { session } = deferred(false, load);
    await expect(session.signIn('pat@example.com', 'secret123')).rejects.toThrow(
      SESSION_CODE_UNAVAILABLE,
    );
    expect(session.getState()).toEqual({ status: 'signedOut' });
    await expect(session.signIn('pat@example.com', 'secret123')).resolves.toEqual(user);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('signs out when a stored session cannot be restored because the code cannot be fetched', async () => {
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { session } = deferred(true, load);
    await session.init();
    expect(session.getState()).toEqual({ status: 'signedOut' });
  });
});
