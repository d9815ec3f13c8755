import { describe, expect, it } from 'vitest';
import {
  appointmentSummary,
  appointmentsByDay,
  canMarkCompleted,
  localDateKey,
  type AppointmentRequest,
} from './appointments';

// Noon local time, so adding days never crosses a DST boundary into another day.
const now = new Date(2026, 2, 10, 12, 0);

const request = (over: Partial<AppointmentRequest>): AppointmentRequest => ({
  status: 'SCHEDULED',
  scheduledDate: null,
  scheduledTime: null,
  preferredDate: null,
  preferredTime: null,
  ...over,
});

describe('localDateKey', () => {
  it('gives the local calendar day, zero-padded', () => {
    expect(localDateKey(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('appointmentSummary', () => {
  it('counts today, the next seven days, all scheduled and all completed', () => {
    const summary = appointmentSummary(
      [
        request({ scheduledDate: '2026-03-10' }),
        request({ scheduledDate: '2026-03-16' }), // sixth day after today: this week
        request({ scheduledDate: '2026-03-17' }), // seventh day after: not this week
        request({ scheduledDate: '2026-03-09' }), // yesterday: not this week
        request({ status: 'COMPLETED', scheduledDate: '2026-03-10' }),
        request({ status: 'PENDING', preferredDate: '2026-03-10' }),
      ],
      now,
    );
    expect(summary).toEqual({ today: 1, thisWeek: 2, scheduled: 4, completed: 1 });
  });

  it('falls back to the preferred date when no date was scheduled', () => {
    expect(appointmentSummary([request({ preferredDate: '2026-03-10' })], now).today).toBe(1);
  });
});

describe('appointmentsByDay', () => {
  it('groups scheduled visits by day in date and time order, undated ones last', () => {
    const a = request({ scheduledDate: '2026-03-12', scheduledTime: '14:00' });
    const b = request({ scheduledDate: '2026-03-12', scheduledTime: '09:30' });
    const c = request({ scheduledDate: '2026-03-11', scheduledTime: '16:00' });
    const d = request({});
    const done = request({ status: 'COMPLETED', scheduledDate: '2026-03-11' });
    expect(appointmentsByDay([a, b, c, d, done])).toEqual([
      { day: '2026-03-11', appointments: [c] },
      { day: '2026-03-12', appointments: [b, a] },
      { day: null, appointments: [d] },
    ]);
  });
});

describe('canMarkCompleted', () => {
  it('allows today and past visits, not future, unscheduled or completed ones', () => {
    expect(canMarkCompleted(request({ scheduledDate: '2026-03-10' }), now)).toBe(true);
    expect(canMarkCompleted(request({ scheduledDate: '2026-03-09' }), now)).toBe(true);
    expect(canMarkCompleted(request({ scheduledDate: '2026-03-11' }), now)).toBe(false);
    expect(canMarkCompleted(request({}), now)).toBe(false);
    expect(
      canMarkCompleted(request({ status: 'COMPLETED', scheduledDate: '2026-03-09' }), now),
    ).toBe(false);
  });
});
