import { describe, expect, it } from 'vitest';
import { serviceRequestRow, ticketRow, userRow } from '../testing/rows';
import { SERVICE_TIME_SLOTS } from './customer-chairs';
import {
  boardColumns,
  boardDays,
  boardRows,
  columnKeyOf,
  loadLevel,
  slotOf,
} from './schedule-board';

// A Wednesday morning, local time.
const NOW = new Date(2026, 2, 4, 9, 0);
const ann = userRow({ name: 'Ann', role: 'ENGINEER' });
const bob = userRow({ name: 'Bob', role: 'ENGINEER' });

const visit = (day: string, time: string, engineerUserId = ann.id) => ({
  request: serviceRequestRow({
    status: 'SCHEDULED',
    scheduledDate: day,
    scheduledTime: time,
    engineerUserId,
  }),
});

describe('schedule board columns', () => {
  it('shows today and the six days after it', () => {
    expect(boardDays(NOW)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
  });

  it("shows one day in SPEC's 18 booking slots, 08:00 to 16:30", () => {
    const columns = boardColumns('day', NOW, '2026-03-05');
    expect(columns).toHaveLength(18);
    expect(columns.map((c) => c.time)).toEqual(SERVICE_TIME_SLOTS);
    expect(columns[0]).toEqual({ key: '2026-03-05 08:00', day: '2026-03-05', time: '08:00' });
  });

  it('puts a time in the slot it falls in, and times outside the day in its first or last slot', () => {
    expect(slotOf('08:00')).toBe('08:00');
    expect(slotOf('08:29')).toBe('08:00');
    expect(slotOf('08:30')).toBe('08:30');
    expect(slotOf('07:59')).toBe('08:00');
    expect(slotOf('16:30')).toBe('16:30');
    expect(slotOf('18:00')).toBe('16:30');
    expect(slotOf(null)).toBe('08:00');
  });

  it('places only scheduled visits on shown columns', () => {
    const week = boardColumns('week', NOW, '2026-03-04');
    expect(columnKeyOf(visit('2026-03-10', '10:00').request, 'week', week)).toBe('2026-03-10');
    expect(columnKeyOf(visit('2026-03-11', '10:00').request, 'week', week)).toBeNull();
    expect(columnKeyOf(visit('2026-03-03', '10:00').request, 'week', week)).toBeNull();
    const pending = serviceRequestRow({ scheduledDate: '2026-03-05', scheduledTime: '10:00' });
    expect(columnKeyOf(pending, 'week', week)).toBeNull();
    const day = boardColumns('day', NOW, '2026-03-05');
    expect(columnKeyOf(visit('2026-03-05', '10:15').request, 'day', day)).toBe('2026-03-05 10:00');
  });
});

describe('schedule board rows', () => {
  it('gives each engineer their active tickets and visits by column, with counts', () => {
    const week = boardColumns('week', NOW, '2026-03-04');
    const visits = [
      visit('2026-03-05', '13:00'),
      visit('2026-03-05', '09:00'),
      visit('2026-03-06', '09:00', bob.id),
    ];
    const tickets = [
      { ticket: ticketRow({ engineerUserId: ann.id, status: 'IN_PROGRESS' }) },
      { ticket: ticketRow({ engineerUserId: ann.id, status: 'RESOLVED' }) },
      { ticket: ticketRow({ engineerUserId: 'someone-gone' }) },
    ];
    const [a, b] = boardRows([ann, bob], visits, tickets, 'week', week);
    expect(a?.tickets).toHaveLength(1);
    expect(a?.cells.get('2026-03-05')?.visits.map((v) => v.request.scheduledTime)).toEqual([
      '09:00',
      '13:00',
    ]);
    expect(a?.count).toBe(3);
    expect(b?.count).toBe(1);
    expect(b?.cells.get('2026-03-04')).toBeUndefined();
  });

  it('colours a load by SPEC §9 workload badge: more than 1 busy, more than 3 heavy', () => {
    expect(loadLevel(1)).toBe('default');
    expect(loadLevel(2)).toBe('secondary');
    expect(loadLevel(3)).toBe('secondary');
    expect(loadLevel(4)).toBe('destructive');
  });

  it('colours a cell by its visits and a row by its active tickets', () => {
    const week = boardColumns('week', NOW, '2026-03-04');
    const visits = ['09:00', '10:00', '11:00', '12:00'].map((t) => visit('2026-03-05', t));
    const tickets = [1, 2].map(() => ({ ticket: ticketRow({ engineerUserId: ann.id }) }));
    const [a] = boardRows([ann], visits, tickets, 'week', week);
    expect(a?.cells.get('2026-03-05')?.level).toBe('destructive');
    expect(a?.level).toBe('secondary');
  });
});
