// Every label a screen shows for a code or a missing value, in one place: the fallback labels of
// SPEC §8 (a customer, their address, a chair) and the readable name of each status enum (ticket
// status and priority, service and part request status, chair status, work type, part condition,
// stock level, role, warranty). Pure; takes whatever part of the row it needs.
import { isChairModel, modelName, type ChairConfiguration } from './chair-models';
import type { ChairStatus, PartRequestStatus, ServiceRequestStatus } from './entities';
import type { PracticeType } from './schemas/common';
import type {
  PartCondition,
  TicketPriority,
  TicketStatus,
  WorkType,
} from './schemas/ticket.schema';
import type { StockLevel } from './stock';
import { warrantyDaysRemaining, warrantyState, type Warranty } from './warranty';
import { countOf } from './format';

/** The customer's name, else 'Unknown Customer'. */
export function customerLabel(customer: { name: string | null } | null | undefined): string {
  return customer?.name?.trim() || 'Unknown Customer';
}

/** The practice address, else the user's address, else 'No address' (SPEC §2). */
export function customerAddress(
  customer: { address: string | null; practice: { address?: string } | null } | null | undefined,
): string {
  return customer?.practice?.address?.trim() || customer?.address?.trim() || 'No address';
}

/** A chair as 'serial - model', else 'Unknown Chair'. */
export function chairLabel(
  chair: { serialNumber: string; model: string; modelName: string | null } | null | undefined,
): string {
  if (!chair) return 'Unknown Chair';
  return `${chair.serialNumber} - ${chairModelName(chair)}`;
}

// ---- Status and enum labels: every code a screen shows is named here, once. ----

/** Ticket status (SPEC §4 Ticket). */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In Progress',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

/** Ticket priority (SPEC §4 Ticket, §9). */
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  LOW: 'Low',
  NORMAL: 'Normal',
  HIGH: 'High',
  URGENT: 'Urgent',
};

/** Service request status (SPEC §4 Service request). */
export const SERVICE_REQUEST_STATUS_LABELS: Record<ServiceRequestStatus, string> = {
  PENDING: 'Pending',
  SCHEDULED: 'Scheduled',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** Part request status (SPEC §4 Part request). */
export const PART_REQUEST_STATUS_LABELS: Record<PartRequestStatus, string> = {
  PENDING: 'Pending',
  QUOTED: 'Quoted',
  ORDERED: 'Ordered',
  FULFILLED: 'Fulfilled',
  CANCELLED: 'Cancelled',
};

/** Chair status (SPEC §4 Chair status). */
export const CHAIR_STATUS_LABELS: Record<ChairStatus, string> = {
  IN_STOCK: 'In Stock',
  DELIVERED: 'Delivered',
  REGISTERED: 'Registered',
};

/** Chair status in the installation wizard, where DELIVERED reads 'Pending Installation'. */
export const INSTALLATION_CHAIR_STATUS_LABELS: Record<ChairStatus, string> = {
  ...CHAIR_STATUS_LABELS,
  DELIVERED: 'Pending Installation',
};

/** Work type on a ticket's service notes (SPEC §4 Work type). */
export const WORK_TYPE_LABELS: Record<WorkType, string> = {
  WARRANTY: 'Warranty',
  DAMAGE: 'Damage',
  OUT_OF_WARRANTY: 'Out of warranty',
};

/** Condition of a part used on a service record (SPEC §4 Part condition). */
export const PART_CONDITION_LABELS: Record<PartCondition, string> = {
  NEW: 'New',
  REFURBISHED: 'Refurbished',
  USED: 'Used',
};

/** Stock level of a part (SPEC §9 Stock badge). */
export const STOCK_LEVEL_LABELS: Record<StockLevel, string> = {
  IN_STOCK: 'In Stock',
  LOW_STOCK: 'Low Stock',
  OUT_OF_STOCK: 'Out of Stock',
};

// A role's words live in their own module: the sign-in page's demo box reads them without the
// rest of these labels (and the chair and warranty rules they import).
export { ROLE_LABELS, roleLabel } from './role-labels';

/** A practice type in words (SPEC §3 practice.type). */
export const PRACTICE_TYPE_LABELS: Record<PracticeType, string> = {
  DENTAL: 'Dental',
  MEDICAL: 'Medical',
  VETERINARY: 'Veterinary',
  CLINIC: 'Clinic',
};

/** A chair's configuration fields (SPEC §3 Configuration) in display order, with their names. */
export const CHAIR_CONFIGURATION_LABELS = [
  ['deliverySystem', 'Delivery system'],
  ['instrumentOption', 'Instruments'],
  ['assistantChairside', 'Assistant chairside'],
  ['lighting', 'Lighting'],
  ['footControl', 'Foot control'],
  ['upholsteryType', 'Upholstery'],
  ['upholsteryColor', 'Upholstery colour'],
  ['monitorBracket', 'Monitor bracket'],
] as const satisfies readonly (readonly [keyof ChairConfiguration, string])[];

/** A chair's model as shown: the stored name, else the catalogue name, else the code. */
export function chairModelName(chair: { model: string; modelName: string | null }): string {
  return chair.modelName || (isChairModel(chair.model) ? modelName(chair.model) : chair.model);
}

/**
 * A ticket's chair: 'serial - model'; 'Unknown Chair' when the ticket names a chair the mirror
 * does not hold; null when the ticket is not about a chair.
 */
export function ticketChairLabel(
  chairId: string | null,
  chair: Parameters<typeof chairLabel>[0],
): string | null {
  return chairId ? chairLabel(chair) : null;
}

/** A chair's test sheet (SPEC §4 Warranty: 'Test sheet label: Complete or Pending'). */
export function testSheetLabel(testSheet: object | null | undefined): 'Complete' | 'Pending' {
  return testSheet ? 'Complete' : 'Pending';
}

/**
 * The warranty badge's words in engineer views (SPEC §4 Warranty): 'Not Activated'; expired with
 * the days since; expiring soon with the days left; otherwise the days remaining.
 */
export function warrantyStatusLabel(warranty: Warranty | null | undefined, now: Date): string {
  const days = warrantyDaysRemaining(warranty ?? {}, now) ?? 0;
  switch (warrantyState(warranty ?? {}, now)) {
    case 'NOT_ACTIVATED':
      return 'Not Activated';
    case 'EXPIRED':
      return days === 0 ? 'Expired today' : `Expired ${countOf(-days, 'day')} ago`;
    case 'EXPIRING':
      return `Expiring soon (${countOf(days, 'day')} left)`;
    case 'ACTIVE':
      return `${countOf(days, 'day')} remaining`;
  }
}
