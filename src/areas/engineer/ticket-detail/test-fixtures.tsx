// Mirror rows and a render helper for the ticket screen tests, shaped like pulled server rows.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster, toaster } from '../../../app/toaster';
import type { ChairsideDatabase } from '../../../data/db';
import type { Chair, Part, SupportTicket, User } from '../../../domain/entities';
import type { Warranty } from '../../../domain/warranty';
import {
  createTestSession,
  SessionTestProviders,
  type TestSession,
} from '../../../testing/session';

export const STAMP = '2026-01-10T09:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;

export const engineer = {
  id: '00000000-0000-4000-8000-0000000000e1',
  email: 'engineer@example.com',
  name: 'Eve Evans',
  role: 'ENGINEER' as const,
};
export const OTHER_ENGINEER_ID = '00000000-0000-4000-8000-0000000000e2';
export const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';

export function userRow(patch: Partial<User> & Pick<User, 'id'>): User {
  return {
    email: null,
    name: null,
    role: 'CUSTOMER',
    phone: null,
    address: null,
    profilePictureUrl: null,
    practice: null,
    engineer: null,
    deletedAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...patch,
  };
}

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

export function chairRow(patch: Partial<Chair> & Pick<Chair, 'id' | 'serialNumber'>): Chair {
  return {
    model: 'S30',
    modelName: 'S30 Sigma',
    configuration: null,
    deliveryDate: STAMP,
    ownerUserId: CUSTOMER_ID,
    status: 'REGISTERED',
    warranty: null,
    testSheet: null,
    service: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...patch,
  };
}

export function partRow(patch: Partial<Part> & Pick<Part, 'id' | 'name'>): Part {
  return {
    partCode: null,
    model: 'S30',
    diagramUrl: null,
    price: 10,
    stock: 20,
    deletedAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...patch,
  };
}

export function ticketRow(
  patch: Partial<SupportTicket> & Pick<SupportTicket, 'id' | 'title'>,
): SupportTicket {
  return {
    description: 'The chair makes a grinding noise when it rises.',
    status: 'OPEN',
    priority: 'NORMAL',
    customerUserId: CUSTOMER_ID,
    engineerUserId: null,
    chairId: null,
    resolution: null,
    serviceNotes: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...patch,
  };
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
  const session = await createTestSession(engineer, seed);
  render(
    <SessionTestProviders session={session} path={path} pattern={pattern}>
      {element}
      <Toaster />
    </SessionTestProviders>,
  );
  return session;
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
