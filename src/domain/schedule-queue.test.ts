import { describe, expect, it } from 'vitest';
import { chairRow, serviceRequestRow, stamped, ticketRow, userRow } from '../testing/rows';
import {
  chairsWithOpenRequest,
  isInspectionDue,
  passesQueueFilter,
  queueDueChairs,
  queueRequests,
  queueTickets,
  type QueueFilter,
} from './schedule-queue';

const NOW = new Date('2026-03-04T09:00:00Z');
const LAST_DAY = '2026-03-10';

const owned = (nextServiceDue: string | null) =>
  chairRow({ ownerUserId: 'owner', service: { nextServiceDue } });

describe('schedule board queue order', () => {
  it('lists unassigned active tickets, the most urgent priority first, then the oldest', () => {
    const items = [
      ticketRow({ title: 'normal old', priority: 'NORMAL', ...stamped('2026-01-01T00:00:00Z') }),
      ticketRow({ title: 'urgent new', priority: 'URGENT', ...stamped('2026-03-01T00:00:00Z') }),
      ticketRow({ title: 'urgent old', priority: 'URGENT', ...stamped('2026-02-01T00:00:00Z') }),
      ticketRow({ title: 'low', priority: 'LOW' }),
      ticketRow({ title: 'assigned', priority: 'URGENT', engineerUserId: 'e' }),
      ticketRow({ title: 'resolved', priority: 'URGENT', status: 'RESOLVED' }),
    ].map((ticket) => ({ ticket }));
    expect(queueTickets(items).map((i) => i.ticket.title)).toEqual([
      'urgent old',
      'urgent new',
      'normal old',
      'low',
    ]);
  });

  it('lists pending unassigned requests by preferred date and time', () => {
    const items = [
      serviceRequestRow({ notes: 'later', preferredDate: '2026-03-06', preferredTime: '09:00' }),
      serviceRequestRow({ notes: 'sooner', preferredDate: '2026-03-05', preferredTime: '14:00' }),
      serviceRequestRow({ notes: 'morning', preferredDate: '2026-03-05', preferredTime: '08:30' }),
      serviceRequestRow({ notes: 'taken', engineerUserId: 'e', status: 'SCHEDULED' }),
      serviceRequestRow({ notes: 'cancelled', status: 'CANCELLED' }),
    ].map((request) => ({ request }));
    expect(queueRequests(items).map((i) => i.request.notes)).toEqual([
      'morning',
      'sooner',
      'later',
    ]);
  });
});

describe('chairs due for their yearly inspection', () => {
  const none = new Set<string>();

  it('offers a chair due on or before the last shown day, not the day after', () => {
    expect(isInspectionDue(owned('2026-03-10T00:00:00Z'), NOW, LAST_DAY, none)).toBe(true);
    expect(isInspectionDue(owned('2026-03-11T00:00:00Z'), NOW, LAST_DAY, none)).toBe(false);
  });

  it('offers an overdue chair, and none without an owner or a due date', () => {
    expect(isInspectionDue(owned('2025-12-01T00:00:00Z'), NOW, LAST_DAY, none)).toBe(true);
    expect(isInspectionDue(owned(null), NOW, LAST_DAY, none)).toBe(false);
    const unowned = chairRow({ service: { nextServiceDue: '2026-03-05T00:00:00Z' } });
    expect(isInspectionDue(unowned, NOW, LAST_DAY, none)).toBe(false);
  });

  it('leaves out a chair with an open request, not one whose request is settled', () => {
    const chair = owned('2026-03-05T00:00:00Z');
    const open = chairsWithOpenRequest([{ chairId: chair.id, status: 'PENDING' }]);
    const settled = chairsWithOpenRequest([{ chairId: chair.id, status: 'COMPLETED' }]);
    expect(isInspectionDue(chair, NOW, LAST_DAY, open)).toBe(false);
    expect(isInspectionDue(chair, NOW, LAST_DAY, settled)).toBe(true);
  });

  it('lists the longest overdue first', () => {
    const later = owned('2026-03-08T00:00:00Z');
    const earlier = owned('2026-02-01T00:00:00Z');
    const listed = queueDueChairs([{ chair: later }, { chair: earlier }], NOW, LAST_DAY, none);
    expect(listed.map((i) => i.chair.id)).toEqual([earlier.id, later.id]);
  });
});

describe('queue search and filters', () => {
  const all: QueueFilter = { term: '', model: 'ALL', priority: 'ALL', area: '' };
  const customer = userRow({
    name: 'Riverside Dental',
    practice: { address: '14 Riverside Walk, Surrey' },
  });
  const chair = chairRow({ model: 'U500', serialNumber: 'U500-7' });
  const ticket = {
    kind: 'ticket' as const,
    ticket: ticketRow({ priority: 'HIGH' }),
    customer,
    chair,
  };
  const request = {
    kind: 'request' as const,
    request: serviceRequestRow({ notes: 'Squeaks' }),
    customer: null,
    chair: null,
  };

  it('filters by model, priority and area', () => {
    expect(passesQueueFilter(ticket, { ...all, model: 'U500' })).toBe(true);
    expect(passesQueueFilter(ticket, { ...all, model: 'S30' })).toBe(false);
    expect(passesQueueFilter(ticket, { ...all, priority: 'HIGH' })).toBe(true);
    expect(passesQueueFilter(request, { ...all, priority: 'HIGH' })).toBe(false);
    expect(passesQueueFilter(ticket, { ...all, area: 'surrey' })).toBe(true);
    expect(passesQueueFilter(ticket, { ...all, area: 'Leeds' })).toBe(false);
  });

  it('searches titles, notes, customer names and serials', () => {
    expect(passesQueueFilter(ticket, { ...all, term: 'riverside' })).toBe(true);
    expect(passesQueueFilter(ticket, { ...all, term: 'U500-7' })).toBe(true);
    expect(passesQueueFilter(request, { ...all, term: 'squeak' })).toBe(true);
    expect(passesQueueFilter(request, { ...all, term: 'grind' })).toBe(false);
  });
});
