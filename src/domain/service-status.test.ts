import { describe, expect, it } from 'vitest';
import { isRecent, serviceStatus } from './service-status';

const now = new Date('2025-03-01T12:00:00.000Z');
const shift = (days: number, ms = 0) => new Date(now.getTime() + days * 86_400_000 + ms);

describe('serviceStatus', () => {
  it('is Overdue once the due date has passed', () => {
    expect(serviceStatus(shift(0, -1), now)).toBe('Overdue');
    expect(serviceStatus(shift(-10).toISOString(), now)).toBe('Overdue');
  });
  it('is Due Soon from now up to 30 days ahead', () => {
    expect(serviceStatus(now, now)).toBe('Due Soon');
    expect(serviceStatus(shift(30), now)).toBe('Due Soon');
  });
  it('is Current beyond 30 days', () => {
    expect(serviceStatus(shift(30, 1), now)).toBe('Current');
    expect(serviceStatus(shift(90).toISOString(), now)).toBe('Current');
  });
  it('is Current when the date is missing or invalid', () => {
    expect(serviceStatus(null, now)).toBe('Current');
    expect(serviceStatus(undefined, now)).toBe('Current');
    expect(serviceStatus('', now)).toBe('Current');
    expect(serviceStatus('nope', now)).toBe('Current');
  });
});

describe('isRecent', () => {
  it('is true within the last 14 days', () => {
    expect(isRecent(now, now)).toBe(true);
    expect(isRecent(shift(-14).toISOString(), now)).toBe(true);
  });
  it('is false more than 14 days ago', () => {
    expect(isRecent(shift(-14, -1), now)).toBe(false);
  });
  it('is false for a future, missing or invalid date', () => {
    expect(isRecent(shift(0, 1), now)).toBe(false);
    expect(isRecent(null, now)).toBe(false);
    expect(isRecent('nope', now)).toBe(false);
  });
});
