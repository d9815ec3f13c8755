/**
 * The session's backend in component tests, in place of sync/'s supabaseSessionBackend: the
 * user's row as given, Warranty Activation's serial lookup answered from an inventory, no photos,
 * and a sync engine that never runs (the tests' sessions sign in with sync off, so the real one
 * would not either). Screens' tests therefore load neither sync/ nor supabase-js's data path:
 * the areas' test helpers keep the areas' rule, never the shell, never sync/.
 */
import { initialStatus, type UserSync } from '../data/sync-status';
import type { SessionBackend, SessionUser } from '../data/session';

/**
 * What the fake server answers to Warranty Activation's serial lookup (chair_lookup_serial): the
 * model of each claimable chair by serial, or 'unreachable' for a server that cannot answer.
 */
export type TestInventory = Readonly<Record<string, string>> | 'unreachable';

/** A sync engine that is never started: the status a session has before its first pass. */
function idleSync(): UserSync {
  const refuse = async () => {
    throw new Error('Component tests run without a sync engine: test retry and discard in sync/.');
  };
  return {
    start: async () => undefined,
    stop: () => undefined,
    requestSync: async () => undefined,
    getStatus: () => initialStatus,
    subscribe: (listener) => {
      listener(initialStatus);
      return () => undefined;
    },
    retry: refuse,
    discard: refuse,
  };
}

/**
 * A backend that knows one signed-in user and has no network, except the serial lookup, answered
 * from `inventory` (each serial asked, trimmed, is appended to `lookups`).
 */
export function testSessionBackend(
  user: SessionUser,
  inventory: TestInventory,
  lookups: string[],
): SessionBackend {
  return {
    userRow: async () => ({ name: user.name, role: user.role }),
    async lookupSerial(serial) {
      lookups.push(serial.trim());
      if (inventory === 'unreachable') throw new Error('Failed to fetch');
      const model = inventory[serial.trim()];
      return model ? { model } : null;
    },
    connect: () => idleSync(),
  };
}
