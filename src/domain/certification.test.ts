import { describe, expect, it } from 'vitest';
import { DAY_NAMES, certificationStatus, dayName, formatTime12h } from './certification';

const now = new Date('2025-03-01T00:00:00.000Z');
const inDays = (days: number, ms = 0) =>
  new Date(now.getTime() + days * 86_400_000 + ms).toISOString();

describe('certificationStatus', () => {
  it('is No Expiry without an expiry date', () => {
    expect(certificationStatus({}, now)).toEqual({ status: 'No Expiry', expiresSoon: false });
    expect(certificationStatus({ expiryDate: null }, now).status).toBe('No Expiry');
  });
  it('is Expired when the expiry is now or past, Valid just after', () => {
    expect(certificationStatus({ expiryDate: inDays(0) }, now).status).toBe('Expired');
    expect(certificationStatus({ expiryDate: inDays(-5) }, now).status).toBe('Expired');
    expect(certificationStatus({ expiryDate: inDays(0, 1) }, now)).toEqual({
      status: 'Valid',
      expiresSoon: true,
    });
  });
  it('expires soon within 90 days but not beyond', () => {
    expect(certificationStatus({ expiryDate: inDays(90) }, now).expiresSoon).toBe(true);
    expect(certificationStatus({ expiryDate: inDays(90, 1) }, now)).toEqual({
      status: 'Valid',
      expiresSoon: false,
    });
  });
  it('treats an unreadable date as expired', () => {
    expect(certificationStatus({ expiryDate: 'soon' }, now).status).toBe('Expired');
  });
});

describe('formatTime12h', () => {
  it('shows afternoon times with PM', () => {
    expect(formatTime12h('13:30')).toBe('1:30 PM');
    expect(formatTime12h('12:00')).toBe('12:00 PM');
    expect(formatTime12h('23:59')).toBe('11:59 PM');
  });
  it('shows morning times with AM and midnight as 12', () => {
    expect(formatTime12h('00:00')).toBe('12:00 AM');
    expect(formatTime12h('08:05')).toBe('8:05 AM');
    expect(formatTime12h('11:59')).toBe('11:59 AM');
  });
  it('returns unreadable input unchanged', () => {
    expect(formatTime12h('later')).toBe('later');
    expect(formatTime12h('25:00')).toBe('25:00');
  });
});

describe('dayName', () => {
  it('counts Sunday as 0 and Saturday as 6', () => {
    expect(DAY_NAMES).toHaveLength(7);
    expect(dayName(0)).toBe('Sunday');
    expect(dayName(6)).toBe('Saturday');
  });
  it('is empty outside 0–6', () => {
    expect(dayName(7)).toBe('');
    expect(dayName(-1)).toBe('');
  });
});
