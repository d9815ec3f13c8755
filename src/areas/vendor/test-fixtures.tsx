// The signed-in vendor and a render helper for the vendor screen tests.
import type { ReactNode } from 'react';
import { toaster } from '../../components/toaster';
import type { ChairsideDatabase } from '../../data/db';
import * as rows from '../../testing/rows';
import { renderSignedIn, type TestSession } from '../../testing/session';

export const VENDOR_ID = '00000000-0000-4000-8000-0000000000f1';

export const vendor = {
  id: VENDOR_ID,
  email: 'ops@vendor.example',
  name: 'Victor Vance',
  role: 'VENDOR' as const,
};

/** Signs the vendor in over `seed` (their users row is there unless said otherwise). */
export async function renderVendor(
  element: ReactNode,
  {
    path,
    seed = async () => undefined,
    withProfile = true,
  }: { path: string; seed?: (db: ChairsideDatabase) => Promise<unknown>; withProfile?: boolean },
): Promise<TestSession> {
  toaster.remove();
  return renderSignedIn(vendor, element, {
    path,
    seed: async (db) => {
      if (withProfile) {
        await db.users.put(
          rows.userRow({ id: VENDOR_ID, name: vendor.name, email: vendor.email, role: 'VENDOR' }),
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
