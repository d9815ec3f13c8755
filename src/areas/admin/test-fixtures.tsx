// The signed-in admin and a render helper for the admin screen tests.
import type { ReactNode } from 'react';
import { toaster } from '../../components/toaster';
import type { ChairsideDatabase } from '../../data/db';
import * as rows from '../../testing/rows';
import { renderSignedIn, type TestSession } from '../../testing/session';

export const ADMIN_ID = '00000000-0000-4000-8000-0000000000a1';

export const admin = {
  id: ADMIN_ID,
  email: 'admin@chairside.example',
  name: 'Ada Admin',
  role: 'ADMIN' as const,
};

/** Signs the admin in over `seed` (their users row is there unless said otherwise). */
export async function renderAdmin(
  element: ReactNode,
  {
    path,
    seed = async () => undefined,
    withProfile = true,
  }: { path: string; seed?: (db: ChairsideDatabase) => Promise<unknown>; withProfile?: boolean },
): Promise<TestSession> {
  toaster.remove();
  return renderSignedIn(admin, element, {
    path,
    seed: async (db) => {
      if (withProfile) {
        await db.users.put(
          rows.userRow({
            id: ADMIN_ID,
            name: admin.name,
            email: admin.email,
            role: 'ADMIN',
            createdAt: '2025-01-01T00:00:00.000Z',
          }),
        );
      }
      await seed(db);
    },
  });
}

/** The mutations queued in the outbox, oldest first. */
export async function outbox(session: TestSession) {
  return (await session.db.outbox.orderBy('seq').toArray()).map((entry) => ({
    name: entry.name,
    args: entry.args,
  }));
}
