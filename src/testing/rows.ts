// Mirror rows for tests, shaped like pulled server rows: one factory per entity, each taking
// overrides over plain defaults (nothing linked, one fixed change time).
import { modelName } from '../domain/chair-models';
import type {
  Chair,
  DeviceHealth,
  Installation,
  Part,
  PartRequest,
  ServiceHistoryEntry,
  ServiceRequest,
  SupportTicket,
  TrainingResource,
  User,
} from '../domain/entities';
import type { HomeFigures } from '../domain/home-figures';
import type { TicketPriority, TicketStatus } from '../domain/schemas/common';

export const STAMP = '2026-01-10T09:00:00.000Z';

export const ENGINEER_ID = '00000000-0000-4000-8000-0000000000e1';
export const OTHER_ENGINEER_ID = '00000000-0000-4000-8000-0000000000e2';
export const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';

/** createdAt and updatedAt both at `at`. */
export const stamped = (at: string) => ({ createdAt: at, updatedAt: at });

export function userRow(overrides: Partial<User> = {}): User {
  return {
    id: crypto.randomUUID(),
    email: null,
    name: null,
    role: 'CUSTOMER',
    phone: null,
    address: null,
    profilePictureUrl: null,
    practice: null,
    engineer: null,
    deletedAt: null,
    ...stamped(STAMP),
    ...overrides,
  };
}

/** An S30 in stock; the model name follows `model` unless given. */
export function chairRow(overrides: Partial<Chair> = {}): Chair {
  const model = overrides.model ?? 'S30';
  return {
    id: crypto.randomUUID(),
    serialNumber: `${model}-0001`,
    model,
    modelName: modelName(model),
    configuration: null,
    deliveryDate: null,
    ownerUserId: null,
    status: 'IN_STOCK',
    warranty: null,
    testSheet: null,
    service: null,
    ...stamped(STAMP),
    ...overrides,
  };
}

export function partRow(overrides: Partial<Part> = {}): Part {
  return {
    id: crypto.randomUUID(),
    name: 'Hydraulic pump',
    partCode: null,
    model: 'S30',
    diagramUrl: null,
    price: 10,
    stock: 20,
    deletedAt: null,
    ...stamped(STAMP),
    ...overrides,
  };
}

export function ticketRow(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    id: crypto.randomUUID(),
    title: 'Chair will not rise',
    description: 'The chair makes a grinding noise when it rises.',
    status: 'OPEN',
    priority: 'NORMAL',
    customerUserId: null,
    engineerUserId: null,
    chairId: null,
    resolution: null,
    serviceNotes: null,
    ...stamped(STAMP),
    ...overrides,
  };
}

export function serviceRequestRow(overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id: crypto.randomUUID(),
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
    ...stamped(STAMP),
    ...overrides,
  };
}

export function trainingRow(overrides: Partial<TrainingResource> = {}): TrainingResource {
  return {
    id: crypto.randomUUID(),
    title: 'Untitled',
    type: 'VIDEO',
    url: null,
    content: null,
    deletedAt: null,
    ...stamped(STAMP),
    ...overrides,
  };
}

export function partRequestRow(overrides: Partial<PartRequest> = {}): PartRequest {
  return {
    id: crypto.randomUUID(),
    userId: null,
    chairId: null,
    items: [],
    status: 'PENDING',
    notes: null,
    ...stamped(STAMP),
    ...overrides,
  };
}

export function installationRow(overrides: Partial<Installation> = {}): Installation {
  return {
    id: crypto.randomUUID(),
    chairId: null,
    engineerUserId: null,
    checklist: {},
    customerName: null,
    signatureText: null,
    signatureImage: null,
    notes: null,
    completedAt: null,
    ...stamped(STAMP),
    ...overrides,
  };
}

export function deviceHealthRow(overrides: Partial<DeviceHealth> = {}): DeviceHealth {
  return {
    id: crypto.randomUUID(),
    userId: ENGINEER_ID,
    deviceName: 'Chrome on Android',
    appVersion: '0.1.0',
    lastSyncAt: STAMP,
    pendingCount: 0,
    needsAttentionCount: 0,
    ...stamped(STAMP),
    ...overrides,
  };
}

/** One entry of a chair's service history. */
export function historyEntry(overrides: Partial<ServiceHistoryEntry> = {}): ServiceHistoryEntry {
  return {
    type: 'Annual',
    date: STAMP,
    engineerName: 'James Carter',
    duration: 60,
    workPerformed: 'Annual service',
    partsReplaced: [],
    cost: 0,
    ...overrides,
  };
}

/** The signed-in engineer of most screen tests. */
export const engineerUser = {
  id: ENGINEER_ID,
  email: 'engineer@example.com',
  name: 'James Carter',
  role: 'ENGINEER' as const,
};

/**
 * The server's counts for a home (public.sync_home_figures) as a new device keeps them while its
 * first sync is not complete; tickets given as [engineer id or null, status, priority, count].
 */
export function homeFigures(
  overrides: Partial<Omit<HomeFigures, 'tickets' | 'requests' | 'resolution'>> & {
    tickets?: [string | null, TicketStatus, TicketPriority, number][];
    requests?: [string | null, ServiceRequest['status'], number][];
    resolution?: [string, number, number][];
  } = {},
): HomeFigures {
  const { tickets = [], requests = [], resolution = [], ...rest } = overrides;
  return {
    role: 'ADMIN',
    countedAt: STAMP,
    users: null,
    chairs: null,
    confirmedWarranties: null,
    ...rest,
    tickets: tickets.map(([engineerId, status, priority, count]) => ({
      engineerId,
      status,
      priority,
      count,
    })),
    requests: requests.map(([engineerId, status, count]) => ({ engineerId, status, count })),
    resolution: resolution.map(([engineerId, totalMs, count]) => ({ engineerId, totalMs, count })),
  };
}
