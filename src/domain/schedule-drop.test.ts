import { describe, expect, it } from 'vitest';
import { chairRow, serviceRequestRow, ticketRow, userRow } from '../testing/rows';
import type { User } from './entities';
import { NO_OWNER, checkDrop, type DropContext, type DropTarget } from './schedule-drop';
import type { QueueItem } from './schedule-queue';

const engineer: User = userRow({
  name: 'Ann Field',
  role: 'ENGINEER',
  engineer: {
    coverageAreas: ['Surrey', 'West London'],
    specializations: ['S30 Sigma'],
    availability: [{ dayOfWeek: 0, isAvailable: false, startTime: '09:00', endTime: '17:00' }],
  },
});
const customer = userRow({
  name: 'Riverside',
  practice: { address: '14 Riverside Walk, Kingston, Surrey' },
});
const s30 = chairRow({ model: 'S30', ownerUserId: customer.id });
// 2026-03-05 is a Thursday; 2026-03-08 a Sunday.
const target: DropTarget = { engineer, day: '2026-03-05', time: '10:00' };
const free: DropContext = { visits: [], activeTickets: 0 };

const ticket = (overrides = {}): QueueItem => ({
  kind: 'ticket',
  ticket: ticketRow(overrides),
  customer,
  chair: s30,
});
const request = (overrides = {}): QueueItem => ({
  kind: 'request',
  request: serviceRequestRow({ preferredDate: '2026-03-05', preferredTime: '10:00', ...overrides }),
  customer,
  chair: s30,
});
const booked = (time: string, day = '2026-03-05') => ({
  id: crypto.randomUUID(),
  status: 'SCHEDULED' as const,
  scheduledDate: day,
  scheduledTime: time,
});

describe('drop rules (refused, no override)', () => {
  it('refuses a resolved or closed ticket, not an open one', () => {
    expect(checkDrop(ticket({ status: 'RESOLVED' }), target, free).refusal).toBe(
      'This ticket is already resolved',
    );
    expect(checkDrop(ticket({ status: 'CLOSED' }), target, free).refusal).toBe(
      'This ticket is already closed',
    );
    expect(checkDrop(ticket({ status: 'IN_PROGRESS' }), target, free).refusal).toBeNull();
  });

  it('refuses a completed or cancelled request, not a pending or scheduled one', () => {
    expect(checkDrop(request({ status: 'CANCELLED' }), target, free).refusal).toBe(
      'This service request is already cancelled',
    );
    expect(checkDrop(request({ status: 'COMPLETED' }), target, free).refusal).toBe(
      'This service request is already completed',
    );
    expect(checkDrop(request({ status: 'SCHEDULED' }), target, free).refusal).toBeNull();
  });

  it('refuses a chair without an owner', () => {
    const chair = chairRow();
    expect(checkDrop({ kind: 'chair', chair, customer: null }, target, free).refusal).toBe(
      NO_OWNER,
    );
    expect(checkDrop({ kind: 'chair', chair: s30, customer }, target, free).refusal).toBeNull();
  });
});

describe('drop warnings (overridable)', () => {
  it('a clean drop has none', () => {
    expect(checkDrop(request(), target, free)).toEqual({
      refusal: null,
      warnings: [],
      time: '10:00',
      unchanged: false,
    });
  });

  it('warns of a slot already taken, not of the next slot', () => {
    expect(checkDrop(request(), target, { ...free, visits: [booked('10:00')] }).warnings).toEqual([
      'Ann Field already has a visit on Mar 5, 2026 at 10:00 AM',
    ]);
    expect(checkDrop(request(), target, { ...free, visits: [booked('10:30')] }).warnings).toEqual(
      [],
    );
  });

  it("warns of a missed preferred date, not on the customer's date", () => {
    const later = { ...target, day: '2026-03-06' };
    expect(checkDrop(request(), later, free).warnings).toEqual([
      'The customer asked for Mar 5, 2026, not Mar 6, 2026',
    ]);
  });

  it('warns above 3 visits a day, not at 3', () => {
    const two = { ...free, visits: [booked('08:00'), booked('08:30')] };
    const three = { ...two, visits: [...two.visits, booked('09:00')] };
    expect(checkDrop(request(), target, two).warnings).toEqual([]);
    expect(checkDrop(request(), target, three).warnings).toEqual([
      'Ann Field would have 4 visits on Mar 5, 2026 (more than 3)',
    ]);
  });

  it('warns above 3 active tickets, not at 3', () => {
    expect(checkDrop(ticket(), target, { ...free, activeTickets: 2 }).warnings).toEqual([]);
    expect(checkDrop(ticket(), target, { ...free, activeTickets: 3 }).warnings).toEqual([
      'Ann Field would have 4 active tickets (more than 3)',
    ]);
  });

  it("warns when the coverage areas do not name the practice's town", () => {
    const leeds = userRow({ practice: { address: '240 Kirkstall Lane, Leeds' } });
    expect(checkDrop({ ...ticket(), customer: leeds } as QueueItem, target, free).warnings).toEqual(
      ["240 Kirkstall Lane, Leeds is outside Ann Field's coverage areas (Surrey, West London)"],
    );
    // Nothing known, nothing judged.
    expect(checkDrop({ ...ticket(), customer: null } as QueueItem, target, free).warnings).toEqual(
      [],
    );
  });

  it("warns when no specialization names the chair's model", () => {
    const u500 = chairRow({ model: 'U500', ownerUserId: customer.id });
    expect(checkDrop({ ...ticket(), chair: u500 } as QueueItem, target, free).warnings).toEqual([
      'Ann Field has no U500 Ambidextrous specialization',
    ]);
  });

  it('warns on a day the engineer is not available', () => {
    const sunday = { ...target, day: '2026-03-08' };
    expect(checkDrop(request({ preferredDate: '2026-03-08' }), sunday, free).warnings).toEqual([
      'Ann Field is not available on Sundays',
    ]);
  });
});

describe('the time a visit dropped on a whole day gets', () => {
  const day = { ...target, time: null };

  it('keeps its own time, else the preferred one, else the first free slot', () => {
    expect(
      checkDrop(request({ status: 'SCHEDULED', scheduledTime: '13:30' }), day, free).time,
    ).toBe('13:30');
    expect(checkDrop(request({ preferredTime: '11:00' }), day, free).time).toBe('11:00');
    const chair: QueueItem = { kind: 'chair', chair: s30, customer };
    expect(checkDrop(chair, day, { ...free, visits: [booked('08:00')] }).time).toBe('08:30');
  });

  it('knows a drop where the work already is changes nothing', () => {
    const here = request({
      status: 'SCHEDULED',
      engineerUserId: engineer.id,
      scheduledDate: '2026-03-05',
      scheduledTime: '10:00',
    });
    expect(checkDrop(here, target, free).unchanged).toBe(true);
    expect(checkDrop(here, { ...target, time: '10:30' }, free).unchanged).toBe(false);
  });
});
