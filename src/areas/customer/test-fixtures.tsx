// The signed-in customer and a render helper for the customer screen tests.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { toaster } from '../../components/toaster';
import type { ChairsideDatabase } from '../../data/db';
import type { Chair } from '../../domain/entities';
import type { Warranty } from '../../domain/warranty';
import * as rows from '../../testing/rows';
import { CUSTOMER_ID } from '../../testing/rows';
import { renderSignedIn, type TestInventory, type TestSession } from '../../testing/session';

export { CUSTOMER_ID };

const DAY_MS = 24 * 60 * 60 * 1000;

export const customer = {
  id: CUSTOMER_ID,
  email: 'desk@riverside.example',
  name: 'Sarah Mitchell',
  role: 'CUSTOMER' as const,
};

/** An ISO time `days` days from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A confirmed warranty with `daysLeft` days to run (5 years long). */
export function warrantyWithDaysLeft(daysLeft: number, patch: Partial<Warranty> = {}): Warranty {
  const expiry = new Date(Date.now() + daysLeft * DAY_MS - 60_000);
  const activated = new Date(expiry);
  activated.setUTCFullYear(activated.getUTCFullYear() - 5);
  return {
    activatedAt: activated.toISOString(),
    confirmed: true,
    warrantyYears: 5,
    extensionPurchased: false,
    extensionYears: 0,
    ...patch,
  };
}

/** A chair registered to the customer. */
export function myChair(patch: Partial<Chair> = {}): Chair {
  return rows.chairRow({
    deliveryDate: rows.STAMP,
    ownerUserId: CUSTOMER_ID,
    status: 'REGISTERED',
    ...patch,
  });
}

/** Signs the customer in over `seed` (their users row is always there) and renders `element`. */
export async function renderCustomer(
  element: ReactNode,
  {
    path,
    pattern,
    seed = async () => undefined,
    withProfile = true,
    inventory,
  }: {
    path: string;
    pattern?: string;
    seed?: (db: ChairsideDatabase) => Promise<unknown>;
    withProfile?: boolean;
    /** What the server's serial lookup finds: model by serial (nothing by default). */
    inventory?: TestInventory;
  },
): Promise<TestSession> {
  toaster.remove();
  return renderSignedIn(customer, element, {
    path,
    pattern,
    inventory,
    seed: async (db) => {
      if (withProfile) {
        await db.users.put(
          rows.userRow({ id: CUSTOMER_ID, name: customer.name, email: customer.email }),
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

/**
 * Makes the next local write fail the way a full or broken IndexedDB does: an unexpected error,
 * not a refusal, so the screen shows its SPEC §8 failure toast.
 */
export function failNextWrite(session: TestSession): void {
  vi.spyOn(session.db.outbox, 'add').mockRejectedValueOnce(
    new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
  );
}
