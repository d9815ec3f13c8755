/**
 * Test harness for screens: a real SessionStore signed in as a given user over a fake
 * supabase-js client (no network), with that user's mirror in fake-indexeddb and the sync engine
 * not started. Screens read and write the mirror exactly as in the app; outbox entries can be
 * inspected through `db`. Used by component tests only.
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { system } from '../components/theme';
import { Toaster } from '../components/toaster';
import { openLocalDatabase, type ChairsideDatabase } from '../data/db';
import { SessionProvider } from '../data/session-context';
import { SessionStore, type SessionUser } from '../data/session';
import { supabaseSessionBackend } from '../../sync';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

/**
 * What the fake server answers to Warranty Activation's serial lookup (chair_lookup_serial): the
 * model of each claimable chair by serial, or 'unreachable' for a server that cannot answer.
 */
export type TestInventory = Readonly<Record<string, string>> | 'unreachable';

/**
 * A supabase-js stand-in that knows one signed-in user and has no network, except the serial
 * lookup, answered from `inventory` (each serial asked is appended to `lookups`).
 */
function fakeClient(
  user: SessionUser,
  inventory: TestInventory,
  lookups: string[],
): SupabaseClient {
  const authUser = { id: user.id, email: user.email, user_metadata: { name: user.name } };
  const query = {
    select: () => query,
    eq: () => query,
    retry: () => query,
    maybeSingle: async () => ({ data: { name: user.name, role: user.role }, error: null }),
  };
  return {
    auth: {
      getSession: async () => ({ data: { session: { user: authUser } }, error: null }),
      signOut: async () => ({ error: null }),
      refreshSession: async () => ({ data: { session: null }, error: null }),
    },
    from: () => query,
    rpc: (name: string, args?: { serial?: string }) => {
      if (name !== 'chair_lookup_serial') {
        return {
          abortSignal: async () => ({ data: null, error: { message: 'offline' }, status: 0 }),
        };
      }
      const serial = (args?.serial ?? '').trim();
      lookups.push(serial);
      const answer =
        inventory === 'unreachable'
          ? { data: null, error: { message: 'Failed to fetch' }, status: 0 }
          : { data: inventory[serial] ?? null, error: null, status: 200 };
      const builder = {
        retry: () => builder,
        then: <T,>(resolve: (value: typeof answer) => T) => Promise.resolve(answer).then(resolve),
      };
      return builder;
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
  const client = fakeClient(user, inventory, serialLookups);
  const store = new SessionStore({
    client,
    backend: supabaseSessionBackend(client),
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
    <ChakraProvider value={system}>
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
