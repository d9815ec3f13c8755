// Mirror rows and a render helper for the ticket screen tests, shaped like pulled server rows.
import type { ReactNode } from 'react';
import { toaster } from '../../../components/toaster';
import type { ChairsideDatabase } from '../../../data/db';
import type { Chair, Part, SupportTicket } from '../../../domain/entities';
import type { Warranty } from '../../../domain/warranty';
import * as rows from '../../../testing/rows';
import { CUSTOMER_ID, OTHER_ENGINEER_ID, STAMP, userRow } from '../../../testing/rows';
import { renderSignedIn, type TestSession } from '../../../testing/session';

export { CUSTOMER_ID, OTHER_ENGINEER_ID, STAMP, userRow };

const DAY_MS = 24 * 60 * 60 * 1000;

export const engineer = { ...rows.engineerUser, name: 'Eve Evans' };

/** A warranty activated `daysAgo` days before now (5 years long unless said otherwise). */
export function warrantyActivated(daysAgo: number, patch: Partial<Warranty> = {}): Warranty {
  return {
    activatedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    confirmed: true,
    warrantyYears: 5,
    extensionPurchased: false,
    extensionYears: 0,
    ...patch,
  };
}

/** A chair delivered to and registered by the customer. */
export function chairRow(patch: Partial<Chair> & Pick<Chair, 'id' | 'serialNumber'>): Chair {
  return rows.chairRow({
    deliveryDate: STAMP,
    ownerUserId: CUSTOMER_ID,
    status: 'REGISTERED',
    ...patch,
  });
}

export function partRow(patch: Partial<Part> & Pick<Part, 'id' | 'name'>): Part {
  return rows.partRow(patch);
}

/** A ticket raised by the customer. */
export function ticketRow(
  patch: Partial<SupportTicket> & Pick<SupportTicket, 'id' | 'title'>,
): SupportTicket {
  return rows.ticketRow({ customerUserId: CUSTOMER_ID, ...patch });
}

/** Signs the engineer in over `seed` and renders `element` at `path`, with the app's toaster. */
export async function renderWithSession(
  element: ReactNode,
  {
    path,
    pattern,
    seed,
  }: { path: string; pattern?: string; seed: (db: ChairsideDatabase) => Promise<unknown> },
): Promise<TestSession> {
  toaster.remove();
  return renderSignedIn(engineer, element, { path, pattern, seed });
}

/** The mutations queued in the outbox, oldest first. */
export async function outbox(session: TestSession) {
  return (await session.db.outbox.orderBy('seq').toArray()).map((entry) => ({
    name: entry.name,
    args: entry.args,
  }));
}

export const TICKET_ID = '10000000-0000-4000-8000-0000000000aa';
export const CHAIR_ID = '20000000-0000-4000-8000-0000000000aa';

/** Renders the ticket page for one ticket, with its customer, an optional chair and parts. */
export async function renderTicketPage(
  screenElement: ReactNode,
  {
    ticket = {},
    chair,
    parts = [],
  }: { ticket?: Partial<SupportTicket>; chair?: Partial<Chair> | null; parts?: Part[] } = {},
): Promise<TestSession> {
  return renderWithSession(screenElement, {
    path: `/dashboard/engineer/tickets/${ticket.id ?? TICKET_ID}`,
    pattern: '/dashboard/engineer/tickets/:id',
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({ id: CUSTOMER_ID, name: 'Riverside Dental', email: 'desk@riverside.example' }),
        userRow({ id: OTHER_ENGINEER_ID, name: 'Sam Other', role: 'ENGINEER' }),
        userRow({ id: engineer.id, name: engineer.name, role: 'ENGINEER' }),
      ]);
      if (chair !== null) {
        await db.chairs.put(chairRow({ id: CHAIR_ID, serialNumber: 'S30-0042', ...chair }));
      }
      await db.parts.bulkPut(parts);
      await db.supportTickets.put(
        ticketRow({
          id: TICKET_ID,
          title: 'Chair will not rise',
          chairId: chair === null ? null : CHAIR_ID,
          ...ticket,
        }),
      );
    },
  });
}
