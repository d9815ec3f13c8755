/**
 * The signed-in session on this device: who is signed in, their role, their local mirror and
 * their sync engine. One store for the whole app (useSession reads it).
 *
 * The session does auth itself (supabase-js auth); everything else it needs from the backend, the
 * user's row and a sync engine per user, comes through a SessionBackend that sync/ implements
 * (supabaseSessionBackend) and src/main.tsx passes in, so src/data never imports sync/.
 *
 * Promises:
 *  - a returning user opens the app with no network and lands in their mirror: the last signed-in
 *    user is remembered on the device, and an expired token that cannot be renewed offline does
 *    not sign anyone out (the engine waits and pushes after the refresh);
 *  - each user has their own mirror and outbox; another user signing in never sees them;
 *  - signing out with changes not yet sent asks first; those changes stay on the device for the
 *    same user's next sign-in, otherwise the mirror is deleted;
 *  - the role is resolved as SPEC §6 says (stored row, then metadata, then known addresses).
 */
import type { RemotePhotos } from './photos';
import type { AuthError, SupabaseClient, User as AuthUser } from '@supabase/supabase-js';
import { resolveRole } from '../domain/roles';
import type { Role } from '../domain/schemas/common';
import { signInErrorMessage, signUpErrorMessage } from '../domain/auth-messages';
import { AUTH_STORAGE_KEY } from '../lib/env';
import { requestPersistentStorage } from './persistent-storage';
import { openLocalDatabase, type ChairsideDatabase } from './db';
import { layoutComing } from './screen-reads';
import type { UserSync } from './sync-status';

/** What a password change says when there is no connection. */
export const CHANGE_PASSWORD_OFFLINE =
  'You are offline. Changing your password needs a connection; nothing was changed.';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: SessionUser; db: ChairsideDatabase; engine: UserSync };

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  role: Role;
}

/** The stored name and role of a user (the users row), as far as the session needs them. */
export interface UserRowSummary {
  name?: string;
  role?: string;
}

/** What the session needs from the backend besides auth. sync/ implements it. */
export interface SessionBackend {
  /** The user's row from the server, or null when it has none or cannot answer at once. */
  userRow(userId: string): Promise<UserRowSummary | null>;
  /** A sync engine for this user's mirror, not yet started. */
  connect(db: ChairsideDatabase, userId: string, role: Role): UserSync;
  /**
   * Asks the server whether `serial` names a chair a customer can still claim (in stock or
   * delivered, without an owner): its model, or null when there is none. Rejects when the server
   * cannot answer (offline); nothing is retried.
   */
  lookupSerial(serial: string): Promise<{ model: string } | null>;
  /** Storage's service photos, for reports of work done on another device. */
  photos?: RemotePhotos;
}

export interface SessionDependencies {
  /** supabase-js, for auth only. */
  client: SupabaseClient;
  backend: SessionBackend;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  openDatabase?: (userId: string) => ChairsideDatabase;
  /** Whether to run the sync engine (component tests switch it off). */
  sync?: boolean;
  /** The storageKey the supabase-js client keeps its session under. */
  authStorageKey?: string;
}

const LAST_USER_KEY = 'chairside-last-user';

export class SessionStore {
  private state: SessionState = { status: 'loading' };
  private readonly listeners = new Set<() => void>();
  private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  private readonly open: (userId: string) => ChairsideDatabase;

  constructor(private readonly deps: SessionDependencies) {
    this.storage = deps.storage ?? window.localStorage;
    this.open = deps.openDatabase ?? ((userId) => openLocalDatabase(userId));
  }

  getState = (): SessionState => this.state;

  /** Service photos in Storage (SessionBackend.photos); null when this backend has none. */
  get remotePhotos(): RemotePhotos | null {
    return this.deps.backend.photos ?? null;
  }

  /** The server's answer to a serial-number lookup (SessionBackend.lookupSerial). */
  lookupSerial = (serial: string): Promise<{ model: string } | null> =>
    this.deps.backend.lookupSerial(serial);

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Restores the session stored on the device, online or not. A returning user whose session is
   * stored enters their mirror at once; the session is checked in the background (renewing an
   * expired token offline can take supabase-js half a minute of retries).
   */
  async init(): Promise<void> {
    const last = this.lastUser();
    if (last && this.storedSessionUserId() === last.id) {
      await this.enterAs(last);
      void this.deps.client.auth.getSession().then(async ({ data }) => {
        const current = this.state;
        if (data.session && current.status === 'signedIn' && current.user.id === last.id) {
          // Picks up a changed name or role. No pass of its own: the engine's start has one,
          // which waits for the live join so that a single pull covers both.
          await this.enter(data.session.user, { confirming: true });
        }
      });
      return;
    }
    const { data, error } = await this.deps.client.auth.getSession();
    if (data.session) {
      await this.enter(data.session.user);
      return;
    }
    if (last && error && isNetworkError(error)) {
      // Offline with an expired token: keep working on the mirror; the engine pushes after refresh.
      await this.enterAs(last);
      return;
    }
    this.set({ status: 'signedOut' });
  }

  async signIn(email: string, password: string): Promise<SessionUser> {
    const { data, error } = await this.deps.client.auth.signInWithPassword({ email, password });
    if (error) {
      this.leave();
      this.set({ status: 'signedOut' });
      throw new Error(signInErrorMessage(error.message));
    }
    if (!data.user) throw new Error('No user returned from authentication');
    return this.enter(data.user);
  }

  /**
   * Creates the account. Resolves whether the provider wants the e-mail confirmed first (no
   * session came back). The new user then signs in on the sign-in screen (SPEC §4 Session).
   */
  async signUp(input: SignUpInput): Promise<{ needsEmailConfirmation: boolean }> {
    const { data, error } = await this.deps.client.auth.signUp({
      email: input.email,
      password: input.password,
      options: { data: { name: input.name, role: input.role } },
    });
    if (error) throw new Error(signUpErrorMessage(error.message));
    if (data.session) await this.deps.client.auth.signOut({ scope: 'local' });
    return { needsEmailConfirmation: !data.user || !data.session };
  }

  /**
   * Changes the signed-in user's password; the current one is required, and the server signs
   * out the user's other sessions (their queued changes wait on those devices for the next
   * sign-in). Needs the network: offline it says so and changes nothing.
   */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    if (this.state.status !== 'signedIn') throw new Error('Please sign in again');
    const { error } = await this.deps.client.auth.updateUser({
      password: newPassword,
      current_password: currentPassword,
    });
    if (!error) return;
    // supabase-js reports a network failure without an HTTP status.
    const status = (error as { status?: number }).status;
    if (!status) throw new Error(CHANGE_PASSWORD_OFFLINE);
    throw new Error(error.message || 'Failed to change password');
  }

  /** Local changes not yet accepted by the server (pending or needing attention). */
  async unsentChanges(): Promise<number> {
    return this.state.status === 'signedIn' ? this.state.db.outbox.count() : 0;
  }

  /**
   * Signs out of this device. Callers warn first when unsentChanges() > 0; those changes stay in
   * this user's mirror for their next sign-in. Without them the mirror is deleted.
   */
  async signOut(): Promise<void> {
    const current = this.state;
    const unsent = await this.unsentChanges();
    this.leave();
    this.storage.removeItem(LAST_USER_KEY);
    this.set({ status: 'signedOut' });
    await this.deps.client.auth.signOut({ scope: 'local' });
    if (current.status === 'signedIn' && unsent === 0) await current.db.delete();
  }

  /** `confirming`: the stored session of the user already in, confirmed (init's check). */
  private async enter(authUser: AuthUser, { confirming = false } = {}): Promise<SessionUser> {
    const current = this.state;
    // The mirror this sign-in will use: the one already open for this user, else a new one that
    // enterAs takes over, so a device never holds two connections to one user's mirror.
    const reused = current.status === 'signedIn' && current.user.id === authUser.id;
    const db = reused ? current.db : this.open(authUser.id);
    // Opened (on a new device: created, every table and index) while the user's row comes over
    // the network, not after it, when the home's first reads and the first sync would wait for it
    // (issue 30). A failure here is the first read's to report.
    if (!reused) db.open().catch(() => undefined);
    let row: UserRowSummary | null;
    try {
      row = await this.readUserRow(authUser.id, db);
    } catch (error) {
      if (!reused) db.close();
      throw error;
    }
    const metadata = authUser.user_metadata as { name?: unknown; role?: unknown } | undefined;
    const email = authUser.email ?? '';
    const metadataName = typeof metadata?.name === 'string' ? metadata.name.trim() : '';
    const user: SessionUser = {
      id: authUser.id,
      email,
      name: row?.name || metadataName || email.split('@')[0] || email,
      role: resolveRole({ storedRole: row?.role, metadataRole: metadata?.role, email }),
    };
    await this.enterAs(user, db, confirming);
    return user;
  }

  private async enterAs(
    user: SessionUser,
    opened?: ChairsideDatabase,
    confirming = false,
  ): Promise<void> {
    if (this.state.status === 'signedIn' && this.state.user.id === user.id) {
      // Only a changed name or role makes a new state: each one draws every screen again.
      if (!sameUser(this.state.user, user)) {
        this.storage.setItem(LAST_USER_KEY, JSON.stringify(user));
        this.set({ ...this.state, user });
      }
      // Signing in again (the session had expired) resumes the queue at once.
      if (!confirming) void this.state.engine.requestSync();
      return;
    }
    this.leave();
    this.storage.setItem(LAST_USER_KEY, JSON.stringify(user));
    const db = opened ?? this.open(user.id);
    const engine = this.deps.backend.connect(db, user.id, user.role);
    // Its screen's reads count from now (the first sync's second stage waits for them).
    layoutComing();
    this.set({ status: 'signedIn', user, db, engine });
    void requestPersistentStorage();
    if (this.deps.sync !== false) await engine.start();
  }

  /** The user's row: from the server when reachable, else from the mirror. */
  private async readUserRow(
    userId: string,
    mirror: ChairsideDatabase,
  ): Promise<UserRowSummary | null> {
    const remote = await this.deps.backend.userRow(userId);
    if (remote) return remote;
    const local = await mirror.users.get(userId);
    return local ? { name: local.name ?? undefined, role: local.role } : null;
  }

  private leave(): void {
    if (this.state.status !== 'signedIn') return;
    this.state.engine.stop();
    this.state.db.close();
  }

  /** The user id of the session supabase-js keeps in storage, without asking the network. */
  private storedSessionUserId(): string | null {
    try {
      const raw = this.storage.getItem(this.deps.authStorageKey ?? AUTH_STORAGE_KEY);
      const parsed = raw ? (JSON.parse(raw) as { user?: { id?: unknown } }) : null;
      return typeof parsed?.user?.id === 'string' ? parsed.user.id : null;
    } catch {
      return null;
    }
  }

  private lastUser(): SessionUser | null {
    try {
      const raw = this.storage.getItem(LAST_USER_KEY);
      const parsed = raw ? (JSON.parse(raw) as Partial<SessionUser>) : null;
      return parsed?.id && parsed.email !== undefined && parsed.role
        ? (parsed as SessionUser)
        : null;
    } catch {
      return null;
    }
  }

  private set(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

function sameUser(a: SessionUser, b: SessionUser): boolean {
  return a.id === b.id && a.email === b.email && a.name === b.name && a.role === b.role;
}

function isNetworkError(error: AuthError): boolean {
  return error.name === 'AuthRetryableFetchError' || error.status === 0;
}
