/**
 * Test harness for screens: a real SessionStore signed in as a given user over a fake
 * supabase-js auth and a test backend (./session-backend: no network, no sync engine), with that user's mirror in fake-indexeddb and the sync engine
 * not started. Screens read and write the mirror exactly as in the app; outbox entries can be
 * inspected through `db`. Used by component tests only.
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { appSystem, loadLazyRecipes } from '../components/theme';
import { Toaster } from '../components/toaster';
import { openLocalDatabase, type ChairsideDatabase } from '../data/db';
import { SessionProvider } from '../data/session-context';
import { SessionStore, type SessionUser } from '../data/session';
import { testSessionBackend, type TestInventory } from './session-backend';

export type { TestInventory };

// The screens under test come after a lazy load in the app, which adds their Chakra recipes to the
// system: add them here too.
await loadLazyRecipes();

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

/** A supabase-js stand-in for the session's auth only: one signed-in user, no network. */
function fakeAuthClient(user: SessionUser): SupabaseClient {
  const authUser = { id: user.id, email: user.email, user_metadata: { name: user.name } };
  return {
    auth: {
      getSession: async () => ({ data: { session: { user: authUser } }, error: null }),
      signOut: async () => ({ error: null }),
      refreshSession: async () => ({ data: { session: null }, error: null }),
    },
  } as unknown as SupabaseClient;
}

export interface TestSession {
  store: SessionStore;
  db: ChairsideDatabase;
  user: SessionUser;
  /** Each serial number the screen asked the (fake) server about, in order. */
  serialLookups: string[];
}

/**
 * Signs `user` in on a fresh mirror; `seed` fills the mirror first (server rows, as pulled);
 * `inventory` is what the server's serial lookup finds (nothing by default).
 */
export async function createTestSession(
  user: SessionUser,
  seed?: (db: ChairsideDatabase) => Promise<unknown>,
  inventory: TestInventory = {},
): Promise<TestSession> {
  const name = `test-${crypto.randomUUID()}`;
  const db = openLocalDatabase(user.id, { name });
  if (seed) await seed(db);
  const serialLookups: string[] = [];
  const store = new SessionStore({
    client: fakeAuthClient(user),
    backend: testSessionBackend(user, inventory, serialLookups),
    storage: new MemoryStorage(),
    sync: false,
    openDatabase: (userId) => openLocalDatabase(userId, { name }),
  });
  await store.init();
  const state = store.getState();
  if (state.status !== 'signedIn') throw new Error('test session did not sign in');
  return { store, db: state.db, user, serialLookups };
}

/**
 * The providers a screen needs: theme, session, and a router at `path` (matched against
 * `pattern`, e.g. '/dashboard/engineer/tickets/:id', so useParams works).
 */
export function SessionTestProviders({
  session,
  path,
  pattern = path,
  children,
}: {
  session: TestSession;
  path: string;
  pattern?: string;
  children: ReactNode;
}) {
  return (
    <ChakraProvider value={appSystem()}>
      <SessionProvider store={session.store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={children} />
            <Route path="*" element={<p>Navigated away</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </ChakraProvider>
  );
}

/**
 * Signs `user` in over `seed` and renders `element` at `path` (matched against `pattern`), with
 * the app's toaster unless `toaster` is false; `inventory` answers the serial lookup.
 */
export async function renderSignedIn(
  user: SessionUser,
  element: ReactNode,
  {
    path,
    pattern,
    seed,
    inventory,
    toaster = true,
  }: {
    path: string;
    pattern?: string;
    seed?: (db: ChairsideDatabase) => Promise<unknown>;
    inventory?: TestInventory;
    toaster?: boolean;
  },
): Promise<TestSession> {
  const session = await createTestSession(user, seed, inventory);
  render(
    <SessionTestProviders session={session} path={path} pattern={pattern}>
      {element}
      {toaster && <Toaster />}
    </SessionTestProviders>,
  );
  return session;
}
