// Mirror rows for the equipment and installation screen tests, shaped like pulled server rows.
import { defaultConfiguration, type ChairModel } from '../../../domain/chair-models';
import type {
  Chair,
  ServiceHistoryEntry,
  ServiceRequest,
  SupportTicket,
  User,
} from '../../../domain/entities';

export const STAMP = '2026-01-10T09:00:00.000Z';

export const engineer = {
  id: '00000000-0000-4000-8000-0000000000e1',
  email: 'engineer@example.com',
  name: 'Eve Evans',
  role: 'ENGINEER' as const,
};

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

export function chairRow(
  patch: Partial<Chair> & Pick<Chair, 'id' | 'serialNumber'> & { model?: ChairModel },
): Chair {
  const model = patch.model ?? 'S30';
  return {
    model,
    modelName: model === 'S30' ? 'S30 Sigma' : 'U500 Ambidextrous',
    configuration: defaultConfiguration(model),
    deliveryDate: null,
    ownerUserId: null,
    status: 'IN_STOCK',
    warranty: null,
    testSheet: null,
    service: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...patch,
  };
}

export function historyEntry(patch: Partial<ServiceHistoryEntry>): ServiceHistoryEntry {
  return {
    type: 'Annual',
    date: STAMP,
    engineerName: 'James Carter',
    duration: 60,
    workPerformed: 'Annual service',
    partsReplaced: [],
    cost: 0,
    ...patch,
  };
}

export function ticketRow(patch: Partial<SupportTicket> & Pick<SupportTicket, 'id' | 'title'>) {
  const row: SupportTicket = {
    description: 'Something is wrong with it',
    status: 'OPEN',
    priority: 'NORMAL',
    customerUserId: null,
    engineerUserId: null,
    chairId: null,
    resolution: null,
    serviceNotes: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...patch,
  };
  return row;
}

export function serviceRequestRow(patch: Partial<ServiceRequest> & Pick<ServiceRequest, 'id'>) {
  const row: ServiceRequest = {
    customerUserId: null,
    chairId: null,
    preferredDate: '2026-02-01',
    preferredTime: '09:30',
    notes: null,
    status: 'PENDING',
    scheduledDate: null,
    scheduledTime: null,
    duration: null,
    location: null,
    engineerUserId: null,
    confirmedAt: null,
    cancellationReason: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...patch,
  };
  return row;
}

/** A fixed UUID per kind and number, readable in failures. */
export const id = (kind: string, n: number) =>
  `00000000-0000-4000-8000-${kind.padStart(4, '0')}${String(n).padStart(8, '0')}`;
