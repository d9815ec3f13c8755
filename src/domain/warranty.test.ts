import { describe, expect, it } from 'vitest';
import {
  EXTENSION_OPTIONS,
  canActivateWarranty,
  extendWarranty,
  isCovered,
  isWarrantyConfirmed,
  newWarranty,
  warrantyAfterTestSheet,
  warrantyDaysRemaining,
  warrantyExpiry,
  warrantyLabel,
  warrantyState,
} from './warranty';

const activatedAt = '2020-06-01T00:00:00.000Z';
const expiry = new Date('2025-06-01T00:00:00.000Z');
const daysBefore = (days: number, date = expiry) => new Date(date.getTime() - days * 86_400_000);

describe('warrantyExpiry', () => {
  it('adds 5 years when warrantyYears is missing', () => {
    expect(warrantyExpiry({ activatedAt })?.toISOString()).toBe(expiry.toISOString());
    expect(warrantyExpiry({ activatedAt, warrantyYears: null })?.toISOString()).toBe(
      expiry.toISOString(),
    );
  });
  it('adds the stored warrantyYears', () => {
    expect(warrantyExpiry({ activatedAt, warrantyYears: 8 })?.toISOString()).toBe(
      '2028-06-01T00:00:00.000Z',
    );
  });
  it('is null when not activated', () => {
    expect(warrantyExpiry({ activatedAt: null })).toBeNull();
    expect(warrantyExpiry({})).toBeNull();
  });
});

describe('warrantyDaysRemaining', () => {
  it('rounds partial days up', () => {
    expect(warrantyDaysRemaining({ activatedAt }, new Date(expiry.getTime() - 3_600_000))).toBe(1);
    expect(warrantyDaysRemaining({ activatedAt }, daysBefore(10))).toBe(10);
  });
  it('is negative after expiry and null when not activated', () => {
    expect(warrantyDaysRemaining({ activatedAt }, daysBefore(-3))).toBe(-3);
    expect(warrantyDaysRemaining({}, expiry)).toBeNull();
  });
});

describe('warrantyState', () => {
  it('is NOT_ACTIVATED without an activation date', () => {
    expect(warrantyState({ confirmed: true }, expiry)).toBe('NOT_ACTIVATED');
  });
  it('is ACTIVE with 91 days left and EXPIRING with 90', () => {
    expect(warrantyState({ activatedAt }, daysBefore(91))).toBe('ACTIVE');
    expect(warrantyState({ activatedAt }, daysBefore(90))).toBe('EXPIRING');
  });
  it('is EXPIRING with 1 day left and EXPIRED with 0', () => {
    expect(warrantyState({ activatedAt }, daysBefore(1))).toBe('EXPIRING');
    expect(warrantyState({ activatedAt }, expiry)).toBe('EXPIRED');
    expect(warrantyState({ activatedAt }, daysBefore(-1))).toBe('EXPIRED');
  });
});

describe('warrantyLabel', () => {
  it('reads Confirmed or Pending', () => {
    expect(warrantyLabel({ confirmed: true, activatedAt: '2026-01-01T00:00:00.000Z' })).toBe(
      'Confirmed',
    );
    // Issue 29: a warranty never activated is not confirmed, whatever an older row says.
    expect(warrantyLabel({ confirmed: true })).toBe('Pending');
    expect(warrantyLabel({ confirmed: false })).toBe('Pending');
    expect(warrantyLabel({})).toBe('Pending');
  });
});

describe('isCovered', () => {
  it('covers a confirmed, activated, unexpired warranty', () => {
    expect(isCovered({ activatedAt, confirmed: true }, daysBefore(1))).toBe(true);
  });
  it('does not cover an unconfirmed, unactivated or expired warranty', () => {
    expect(isCovered({ activatedAt, confirmed: false }, daysBefore(100))).toBe(false);
    expect(isCovered({ confirmed: true }, daysBefore(100))).toBe(false);
    expect(isCovered({ activatedAt, confirmed: true }, expiry)).toBe(false);
  });
});

describe('canActivateWarranty', () => {
  const delivery = '2025-01-01T00:00:00.000Z';
  it('allows activation up to 14 days after delivery', () => {
    expect(canActivateWarranty(delivery, new Date('2025-01-15T00:00:00.000Z'))).toBe(true);
    expect(canActivateWarranty(new Date(delivery), new Date('2025-01-02T00:00:00.000Z'))).toBe(
      true,
    );
  });
  it('refuses activation later than 14 days after delivery', () => {
    expect(canActivateWarranty(delivery, new Date('2025-01-15T00:00:01.000Z'))).toBe(false);
  });
  it('refuses a delivery date in the future', () => {
    expect(canActivateWarranty(delivery, new Date('2025-01-01T00:00:00.000Z'))).toBe(true);
    expect(canActivateWarranty(delivery, new Date('2024-12-31T23:59:59.999Z'))).toBe(false);
  });
  it('refuses an invalid delivery date', () => {
    expect(canActivateWarranty('not a date', new Date(delivery))).toBe(false);
  });
});

describe('extendWarranty', () => {
  it('offers 3 or 5 years', () => {
    expect(EXTENSION_OPTIONS).toEqual([3, 5]);
  });
  it('adds the years to both warrantyYears and extensionYears', () => {
    const base = { activatedAt, confirmed: true };
    expect(extendWarranty(base, 3)).toEqual({
      ...base,
      extensionPurchased: true,
      extensionYears: 3,
      warrantyYears: 8,
    });
    const again = extendWarranty(extendWarranty(base, 3), 5);
    expect(again.extensionYears).toBe(8);
    expect(again.warrantyYears).toBe(13);
  });
  it('does not change the original warranty', () => {
    const base = { activatedAt, warrantyYears: 5 };
    extendWarranty(base, 5);
    expect(base).toEqual({ activatedAt, warrantyYears: 5 });
  });
});

describe('a test sheet and the activation, in either order (issue 29)', () => {
  const pass = { partsArrived: true, powersOn: true, movementOK: true, waterAirOK: true };
  const fail = { ...pass, movementOK: false };
  const now = '2026-03-01T10:00:00.000Z';

  it('a passing sheet confirms an activated warranty', () => {
    expect(warrantyAfterTestSheet(newWarranty(now), pass)).toMatchObject({ confirmed: true });
  });
  it('a passing sheet does not confirm a warranty never activated', () => {
    expect(warrantyAfterTestSheet(null, pass)).toBeNull();
    expect(warrantyAfterTestSheet({}, pass)).toEqual({});
  });
  it('an activation confirms at once when a passing sheet is on file, not a failed one', () => {
    expect(newWarranty(now, pass)).toMatchObject({ activatedAt: now, confirmed: true });
    expect(newWarranty(now, fail)).toMatchObject({ activatedAt: now, confirmed: false });
    expect(newWarranty(now, null)).toMatchObject({ confirmed: false });
  });
  it('counts as confirmed only when activated', () => {
    expect(isWarrantyConfirmed({ confirmed: true })).toBe(false);
    expect(isWarrantyConfirmed(newWarranty(now, pass))).toBe(true);
  });
});
