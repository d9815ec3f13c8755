/**
 * Component-test kit for the app shell: a fake session store with the SessionStore surface the
 * shell uses (state, sign-in, sign-up, sign-out, unsent changes) and a stub sync engine whose
 * status a test sets. Renders the real routes in a memory router. Used by tests only.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { openLocalDatabase } from '../data/db';
import type { OutboxEntry } from '../data/db';
import { SessionProvider } from '../data/session-context';
import type { SessionState, SessionStore, SessionUser } from '../data/session';
import { initialStatus, type SyncStatus } from '../data/sync-status';
import * as rows from './rows';
import type { SyncEngine } from '../../sync';
import { appRoutes, preloadRoutes } from '../app/routes';
import { appSystem } from '../components/theme';

// The routes load their screens lazily; load them all now so a test renders them at once.
await preloadRoutes();

/** Subscribe / getStatus / retry / discard, as the sync engine offers them. */
export class StubEngine {
  private status: SyncStatus = initialStatus;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  retry = vi.fn(async (_id: string) => undefined);
  discard = vi.fn(async (_id: string) => undefined);
  requestSync = vi.fn(async () => undefined);
  getStatus = () => this.status;
  subscribe = (listener: (status: SyncStatus) => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  setStatus(patch: Partial<SyncStatus>) {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener(this.status);
  }
}

export const engineerUser: SessionUser = rows.engineerUser;

export class FakeSessionStore {
  private state: SessionState = { status: 'loading' };
  private readonly listeners = new Set<() => void>();
  readonly engine = new StubEngine();
  unsent = 0;
  signIn = vi.fn(async (_email: string, _password: string): Promise<SessionUser> => {
    throw new Error('Invalid login credentials');
  });
  signUp = vi.fn(async (_input: unknown) => ({ needsEmailConfirmation: false }));
  signOut = vi.fn(async () => this.setSignedOut());
  prepare = vi.fn();
  unsentChanges = vi.fn(async () => this.unsent);
  getState = () => this.state;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  setSignedOut() {
    this.set({ status: 'signedOut' });
  }

  /** Signs in `user` (any role string, to test an unknown one) on a fresh fake-indexeddb mirror. */
  setSignedIn(user: Omit<SessionUser, 'role'> & { role: string }) {
    const db = openLocalDatabase(user.id, { name: `shell-test-${crypto.randomUUID()}` });
    this.set({
      status: 'signedIn',
      user: user as SessionUser,
      db,
      engine: this.engine as unknown as SyncEngine,
    });
  }

  /** Makes signIn succeed as `user`, as SessionStore does: the state changes, then it resolves. */
  acceptSignIn(user: SessionUser) {
    this.signIn.mockImplementation(async () => {
      this.setSignedIn(user);
      return user;
    });
  }

  private set(state: SessionState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

/** Renders `router` under the theme and `store`'s session. */
export function renderRouter(
  router: ReturnType<typeof createMemoryRouter>,
  store: FakeSessionStore,
) {
  const view = render(
    <ChakraProvider value={appSystem()}>
      <SessionProvider store={store as unknown as SessionStore}>
        <RouterProvider router={router} />
      </SessionProvider>
    </ChakraProvider>,
  );
  return { router, ...view };
}

export function renderApp(path: string, store: FakeSessionStore, state?: unknown) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [{ pathname: path, state }] });
  return renderRouter(router, store);
}

let seq = 0;
/** A rejected outbox entry, as the engine lists it under 'needs attention'. */
export function rejectedEntry(
  name: OutboxEntry['name'],
  args: unknown,
  message: string,
): OutboxEntry {
  seq += 1;
  return {
    seq,
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name,
    args,
    userId: engineerUser.id,
    createdAt: '2026-03-01T09:00:00.000Z',
    touches: [],
    status: 'rejected',
    attempts: 1,
    rejection: { errorClass: 'conflict', message, at: '2026-03-01T09:01:00.000Z' },
  };
}
