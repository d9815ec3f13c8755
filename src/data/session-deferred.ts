/**
 * The session as the app starts it: the SessionStore's code (supabase-js, Dexie, the sync engine,
 * the local effects, zod) is loaded only when it is needed, so a first visit's sign-in page
 * downloads none of it.
 *
 *  - A session stored on this device (a returning user): loaded at once and restored as before,
 *    online or not (the service worker precaches the code), with 'Signing in...' meanwhile.
 *  - No stored session: signed out at once, with nothing loaded; signing in or up loads it then,
 *    or before: the sign-in form asks for it (`prepare`) as soon as the user starts filling it, so
 *    the code arrives while they type rather than after they press Sign In (issue 30: a new
 *    device's sign-in to its home screen).
 *
 * Whether a session is stored is read synchronously from the key supabase-js keeps it under:
 * without it SessionStore.init() ends signed out whatever else the device holds.
 */
import { AUTH_STORAGE_KEY } from '../lib/env';
import type { SessionState, SessionStore, SessionUser, SignUpInput } from './session';

/** What the sign-in screen says when the session's code cannot be fetched (offline, no cache). */
export const SESSION_CODE_UNAVAILABLE =
  'Could not reach the server to sign in. Check your connection and try again.';

/** What the screens use of a session: SessionStore offers it, and so does DeferredSession. */
export type SessionAccess = Partial<Pick<DeferredSession, 'prepare'>> &
  Pick<
    SessionStore,
    | 'getState'
    | 'subscribe'
    | 'signIn'
    | 'signUp'
    | 'signOut'
    | 'unsentChanges'
    | 'changePassword'
    | 'lookupSerial'
    | 'remotePhotos'
  >;

export interface DeferredSessionOptions {
  /** Loads the session's code and makes the one SessionStore of the app (src/main.tsx). */
  load: () => Promise<SessionStore>;
  storage?: Pick<Storage, 'getItem'>;
}

export class DeferredSession implements SessionAccess {
  private state: SessionState;
  private store: SessionStore | null = null;
  private pending: Promise<SessionStore> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly stored: boolean;

  constructor(private readonly options: DeferredSessionOptions) {
    const storage = options.storage ?? window.localStorage;
    this.stored = storage.getItem(AUTH_STORAGE_KEY) !== null;
    this.state = this.stored ? { status: 'loading' } : { status: 'signedOut' };
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Restores a stored session (loading its code at once); with none, nothing is loaded. */
  async init(): Promise<void> {
    if (!this.stored) return;
    let store: SessionStore;
    try {
      store = await this.load();
    } catch {
      // The code could not be fetched: sign in again (which fetches it again).
      this.set({ status: 'signedOut' });
      return;
    }
    await store.init();
  }

  /** Loads the session's code ahead of a sign-in (a failure is the sign-in's to report). */
  prepare = (): void => {
    this.load().catch(() => undefined);
  };

  signIn = async (email: string, password: string): Promise<SessionUser> =>
    (await this.load()).signIn(email, password);

  signUp = async (input: SignUpInput): Promise<{ needsEmailConfirmation: boolean }> =>
    (await this.load()).signUp(input);

  changePassword = async (currentPassword: string, newPassword: string): Promise<void> =>
    (await this.load()).changePassword(currentPassword, newPassword);

  lookupSerial = async (serial: string): Promise<{ model: string } | null> =>
    (await this.load()).lookupSerial(serial);

  /** Service photos in Storage: only a signed-in session has them, and it has loaded its code. */
  get remotePhotos(): SessionStore['remotePhotos'] {
    return this.store ? this.store.remotePhotos : null;
  }

  /** Nobody is signed in before the code is loaded, so nothing is unsent. */
  unsentChanges = async (): Promise<number> => (this.store ? this.store.unsentChanges() : 0);

  signOut = async (): Promise<void> => {
    if (this.store) await this.store.signOut();
    else this.set({ status: 'signedOut' });
  };

  /** The store, loading its code the first time (and again after a failure). */
  private load(): Promise<SessionStore> {
    this.pending ??= this.options.load().then(
      (store) => {
        this.store = store;
        store.subscribe(() => this.follow(store));
        this.follow(store);
        return store;
      },
      () => {
        this.pending = undefined;
        throw new Error(SESSION_CODE_UNAVAILABLE);
      },
    );
    return this.pending;
  }

  /**
   * Takes the store's state once it has one: its initial 'loading' is already this session's
   * while a stored session is restored, and a sign-in from the form keeps the form on screen (its
   * button spins) rather than 'Signing in...'.
   */
  private follow(store: SessionStore): void {
    const next = store.getState();
    if (next.status !== 'loading') this.set(next);
  }

  private set(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
