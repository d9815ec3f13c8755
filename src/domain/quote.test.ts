import { describe, expect, it } from 'vitest';
import {
  calculateQuote,
  defaultWorkType,
  isWorkCovered,
  partsTotal,
  quoteMinutes,
  roundPrice,
} from './quote';
import type { Warranty } from './warranty';

const activatedAt = '2020-06-01T00:00:00.000Z';
const expiry = new Date('2025-06-01T00:00:00.000Z');
const beforeExpiry = new Date(expiry.getTime() - 1000);
const covered = { activatedAt, confirmed: true };

describe('quoteMinutes', () => {
  it('assumes 120 minutes when no time is recorded', () => {
    expect(quoteMinutes(null)).toBe(120);
    expect(quoteMinutes(undefined)).toBe(120);
    expect(quoteMinutes(0)).toBe(120);
    expect(quoteMinutes(Number.NaN)).toBe(120);
  });
  it('uses the recorded time', () => {
    expect(quoteMinutes(1)).toBe(1);
    expect(quoteMinutes(45)).toBe(45);
  });
});

describe('partsTotal', () => {
  it('sums price times quantity', () => {
    expect(partsTotal([])).toBe(0);
    expect(
      partsTotal([
        { price: 12.5, quantity: 2 },
        { price: 0.1, quantity: 3 },
      ]),
    ).toBe(25.3);
  });
});

describe('defaultWorkType', () => {
  it('is WARRANTY when confirmed, activated and unexpired', () => {
    expect(defaultWorkType(covered, beforeExpiry)).toBe('WARRANTY');
  });
  it('is OUT_OF_WARRANTY when expired, unconfirmed or not activated', () => {
    expect(defaultWorkType(covered, expiry)).toBe('OUT_OF_WARRANTY');
    expect(defaultWorkType({ activatedAt, confirmed: false }, beforeExpiry)).toBe(
      'OUT_OF_WARRANTY',
    );
    expect(defaultWorkType({ confirmed: true }, beforeExpiry)).toBe('OUT_OF_WARRANTY');
  });
});

describe('isWorkCovered', () => {
  it('covers warranty work on an activated, unexpired warranty', () => {
    expect(isWorkCovered(covered, 'WARRANTY', beforeExpiry)).toBe(true);
  });
  it('does not cover without activation or after expiry', () => {
    expect(isWorkCovered({ confirmed: true }, 'WARRANTY', beforeExpiry)).toBe(false);
    expect(isWorkCovered(covered, 'WARRANTY', expiry)).toBe(false);
  });
  it('never covers DAMAGE', () => {
    expect(isWorkCovered(covered, 'DAMAGE', beforeExpiry)).toBe(false);
  });
});

describe('calculateQuote', () => {
  const parts = [{ price: 40, quantity: 2 }];
  it('charges labour at GBP 1.50 a minute plus parts', () => {
    expect(
      calculateQuote({ timeSpent: 60, parts, workType: 'OUT_OF_WARRANTY', warranty: {} }, expiry),
    ).toEqual({
      minutes: 60,
      minutesAssumed: false,
      labor: 90,
      parts: 80,
      total: 170,
      covered: false,
      workType: 'OUT_OF_WARRANTY',
      basis: 'OUT_OF_WARRANTY',
    });
  });
  it('charges 120 minutes when no time is recorded', () => {
    const quote = calculateQuote({ warranty: {}, workType: 'OUT_OF_WARRANTY' }, expiry);
    expect(quote).toMatchObject({ minutes: 120, minutesAssumed: true, labor: 180, total: 180 });
  });
  it('assumes 120 minutes when 0 is entered, but not when 120 is recorded', () => {
    const zero = calculateQuote({ timeSpent: 0, warranty: {}, workType: 'DAMAGE' }, expiry);
    expect(zero).toMatchObject({ minutes: 120, minutesAssumed: true, total: 180 });
    const recorded = calculateQuote({ timeSpent: 120, warranty: {}, workType: 'DAMAGE' }, expiry);
    expect(recorded).toMatchObject({ minutes: 120, minutesAssumed: false });
  });
  it("gives the cover rule's reason for each work type", () => {
    const basis = (
      workType: 'WARRANTY' | 'DAMAGE' | 'OUT_OF_WARRANTY',
      warranty: Warranty = covered,
    ) => calculateQuote({ timeSpent: 60, workType, warranty }, beforeExpiry).basis;
    expect(basis('WARRANTY')).toBe('COVERED_WARRANTY_WORK');
    expect(basis('WARRANTY', {})).toBe('WARRANTY_NOT_ACTIVATED');
    expect(calculateQuote({ workType: 'WARRANTY', warranty: covered }, expiry).basis).toBe(
      'WARRANTY_EXPIRED',
    );
    expect(basis('DAMAGE')).toBe('DAMAGE');
    expect(basis('OUT_OF_WARRANTY')).toBe('OUT_OF_WARRANTY');
  });
  it('charges nothing for covered WARRANTY work', () => {
    const quote = calculateQuote({ timeSpent: 60, parts, warranty: covered }, beforeExpiry);
    expect(quote).toMatchObject({ workType: 'WARRANTY', covered: true, total: 0, labor: 90 });
  });
  it('charges WARRANTY work in full once the warranty has expired', () => {
    const quote = calculateQuote(
      { timeSpent: 60, parts, workType: 'WARRANTY', warranty: covered },
      expiry,
    );
    expect(quote).toMatchObject({ covered: false, total: 170 });
  });
  it('charges DAMAGE in full even under warranty', () => {
    const quote = calculateQuote(
      { timeSpent: 60, parts, workType: 'DAMAGE', warranty: covered },
      beforeExpiry,
    );
    expect(quote).toMatchObject({ covered: false, total: 170 });
  });
  it('charges OUT_OF_WARRANTY work in full even when the warranty covers it', () => {
    const quote = calculateQuote(
      { timeSpent: 60, parts, workType: 'OUT_OF_WARRANTY', warranty: covered },
      beforeExpiry,
    );
    expect(quote).toMatchObject({ covered: true, total: 170 });
  });
});

describe('roundPrice', () => {
  it('rounds to the penny, half a penny up, as numeric(12, 2) stores it', () => {
    expect(roundPrice(12.345)).toBe(12.35);
    expect(roundPrice(1.005)).toBe(1.01);
    expect(roundPrice(0)).toBe(0);
    expect(roundPrice(99.994)).toBe(99.99);
    expect(roundPrice(1e-7)).toBe(0);
  });
});
