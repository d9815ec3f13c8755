import { describe, expect, it } from 'vitest';
import {
  SERVICE_TIME_SLOTS,
  canSubmitTestSheet,
  customerWarrantyLabel,
  needsServiceBooking,
  offersWarrantyExtension,
  warrantyExtendedMessage,
} from './customer-chairs';
import { isTicketActive } from './active-tickets';

const DAY = 86_400_000;
const activatedAt = '2020-06-01T00:00:00.000Z';
const expiry = new Date('2025-06-01T00:00:00.000Z');
const daysBeforeExpiry = (days: number) => new Date(expiry.getTime() - days * DAY);
const confirmed = { warranty: { activatedAt, confirmed: true, warrantyYears: 5 } };
const pending = { warranty: { activatedAt, confirmed: false, warrantyYears: 5 } };

describe('customer warranty', () => {
  it('is Pending until confirmed, then Active, Expiring Soon at 90 days, Expired at 0', () => {
    expect(customerWarrantyLabel(pending, daysBeforeExpiry(400))).toBe('Pending');
    expect(customerWarrantyLabel(confirmed, daysBeforeExpiry(91))).toBe('Active');
    expect(customerWarrantyLabel(confirmed, daysBeforeExpiry(90))).toBe('Expiring Soon');
    expect(customerWarrantyLabel(confirmed, daysBeforeExpiry(1))).toBe('Expiring Soon');
    expect(customerWarrantyLabel(confirmed, daysBeforeExpiry(0))).toBe('Expired');
  });

  it('offers an extension for a confirmed warranty within 90 days or expired, not before', () => {
    expect(offersWarrantyExtension(confirmed, daysBeforeExpiry(91))).toBe(false);
    expect(offersWarrantyExtension(confirmed, daysBeforeExpiry(90))).toBe(true);
    expect(offersWarrantyExtension(confirmed, daysBeforeExpiry(-30))).toBe(true);
    expect(offersWarrantyExtension(pending, daysBeforeExpiry(-30))).toBe(false);
  });

  it('ends an extension with SPEC’s alert text', () => {
    expect(warrantyExtendedMessage(3)).toBe(
      'Warranty extended by 3 years! (Payment integration would be here)',
    );
  });
});

describe('chair actions', () => {
  it('offers the test sheet only while none exists', () => {
    expect(canSubmitTestSheet({ testSheet: null })).toBe(true);
    expect(
      canSubmitTestSheet({
        testSheet: {
          partsArrived: true,
          powersOn: true,
          movementOK: true,
          waterAirOK: true,
          submittedAt: activatedAt,
        },
      }),
    ).toBe(false);
  });

  it('offers Schedule Service only once the next service is past', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    const due = (iso: string) => ({ service: { nextServiceDue: iso } });
    expect(needsServiceBooking(due('2026-03-01T11:59:00.000Z'), now)).toBe(true);
    expect(needsServiceBooking(due('2026-03-01T12:01:00.000Z'), now)).toBe(false);
    expect(needsServiceBooking({ service: null }, now)).toBe(false);
  });
});

describe('service time slots', () => {
  it('are the 18 half hours from 08:00 to 16:30', () => {
    expect(SERVICE_TIME_SLOTS).toHaveLength(18);
    expect(SERVICE_TIME_SLOTS[0]).toBe('08:00');
    expect(SERVICE_TIME_SLOTS[1]).toBe('08:30');
    expect(SERVICE_TIME_SLOTS.at(-1)).toBe('16:30');
  });
});

describe('isTicketActive', () => {
  it('counts OPEN and IN_PROGRESS', () => {
    expect(
      ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'].map((s) => isTicketActive(s as never)),
    ).toEqual([true, true, false, false]);
  });
});
