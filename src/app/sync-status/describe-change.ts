// How a queued change reads in the 'needs attention' panel: a human label per mutation name and
// the user's input as short label/value lines. Never a raw JSON dump, never the signature image.
import type { MutationName } from '../../domain/mutations';
import { countOf } from '../../domain/format';

export const CHANGE_LABELS: Record<MutationName, string> = {
  'ticket.create': 'New support ticket',
  'ticket.take': 'Take ticket',
  'ticket.assign': 'Assign ticket',
  'ticket.setStatus': 'Ticket status',
  'ticket.updateServiceNotes': 'Service notes',
  'ticket.addPart': 'Add part to ticket',
  'ticket.removePart': 'Remove part from ticket',
  'ticket.resolve': 'Resolve ticket',
  'serviceRequest.create': 'Service request',
  'serviceRequest.take': 'Take service request',
  'serviceRequest.assign': 'Assign service request',
  'serviceRequest.schedule': 'Schedule service',
  'serviceRequest.cancel': 'Cancel service request',
  'serviceRequest.complete': 'Complete service request',
  'serviceRequest.book': 'Book service visit',
  'chair.register': 'Register chair',
  'chair.activateWarranty': 'Warranty activation',
  'chair.submitTestSheet': 'Test sheet',
  'chair.extendWarranty': 'Warranty extension',
  'installation.complete': 'Installation',
  'partRequest.create': 'Parts request',
  'profile.update': 'Profile',
  'user.create': 'New user',
  'user.update': 'Edit user',
  'user.delete': 'Delete user',
  'user.setRole': 'Change role',
  'chair.add': 'Add chair to inventory',
  'chair.assignOwner': 'Chair owner',
  'part.add': 'Add part to catalog',
  'part.update': 'Edit part',
  'part.delete': 'Delete part',
  'partRequest.setStatus': 'Part request status',
  'training.add': 'Add training resource',
  'training.update': 'Edit training resource',
  'training.delete': 'Delete training resource',
};

export function changeLabel(name: string): string {
  return (CHANGE_LABELS as Record<string, string | undefined>)[name] ?? name;
}

export interface DetailLine {
  label: string;
  value: string;
}

/** Keys that mean nothing to a person (client ids, line ids) or must never be shown. */
const HIDDEN_KEYS = new Set(['id', 'lineId', 'signatureImage']);

const FIELD_LABELS: Record<string, string> = {
  ticketId: 'Ticket',
  serviceRequestId: 'Service request',
  chairId: 'Chair',
  userId: 'User',
  partId: 'Part',
  trainingId: 'Training resource',
  engineerUserId: 'Engineer',
  ownerUserId: 'Owner',
  serialNumber: 'Serial number',
  deliveryDate: 'Delivery date',
  preferredDate: 'Preferred date',
  preferredTime: 'Preferred time',
  scheduledDate: 'Date',
  scheduledTime: 'Time',
  partsArrived: 'Parts arrived',
  powersOn: 'Powers on',
  movementOK: 'Movement OK',
  waterAirOK: 'Water and air OK',
  timeSpent: 'Time spent (min)',
  workType: 'Work type',
  workPerformed: 'Work performed',
  damageDescription: 'Damage',
  beforeService: 'Condition before',
  afterService: 'Condition after',
  followUpRequired: 'Follow-up required',
  followUpNotes: 'Follow-up notes',
  customerName: 'Customer name',
  signatureText: 'Signed by',
  qty: 'Quantity',
  profilePictureUrl: 'Picture URL',
  emergencyPhone: 'Emergency phone',
  coverageAreas: 'Coverage areas',
  skillSets: 'Skill sets',
  partCode: 'Part code',
};

export const MAX_VALUE_LENGTH = 80;

function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function truncate(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > MAX_VALUE_LENGTH ? `${clean.slice(0, MAX_VALUE_LENGTH - 1)}…` : clean;
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Fields whose values are codes (IN_PROGRESS, OUT_OF_WARRANTY): shown as words. */
const CODE_KEYS = new Set(['status', 'workType', 'condition', 'priority', 'role', 'type']);

const codeAsWords = (code: string) =>
  /^[A-Z][A-Z_]*$/.test(code)
    ? code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' ')
    : code;

function scalar(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    // Ids read as SPEC's display ids: the last 8 characters.
    if (key.endsWith('Id') && isUuid(value)) return `#${value.slice(-8)}`;
    return CODE_KEYS.has(key) ? codeAsWords(value) : truncate(value);
  }
  return null;
}

function linesOf(key: string, value: unknown, out: DetailLine[]): void {
  if (HIDDEN_KEYS.has(key)) return;
  const label = FIELD_LABELS[key] ?? humanize(key);
  if (Array.isArray(value)) {
    if (value.length === 0) return;
    const allText = value.every((v) => typeof v === 'string');
    out.push({
      label,
      value: allText ? truncate(value.join(', ')) : countOf(value.length, 'item'),
    });
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (key === 'checklist') {
      const ticked = entries.filter(([, v]) => v === true).length;
      out.push({ label: 'Checklist', value: `${ticked} of ${entries.length} items ticked` });
      return;
    }
    for (const [k, v] of entries) linesOf(k, v, out);
    return;
  }
  const text = scalar(key, value);
  if (text !== null) out.push({ label, value: text });
}

/** The user's input of a change, as label/value lines. */
export function describeArgs(args: unknown): DetailLine[] {
  const out: DetailLine[] = [];
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return out;
  for (const [key, value] of Object.entries(args as Record<string, unknown>)) {
    linesOf(key, value, out);
  }
  return out;
}
