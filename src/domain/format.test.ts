import { describe, expect, it } from 'vitest';
import {
  countOf,
  displayId,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatPercent,
} from './format';

describe('formatCurrency', () => {
  it('shows pounds sterling with two decimals and grouping', () => {
    expect(formatCurrency(1234.5)).toBe('£1,234.50');
    expect(formatCurrency(0)).toBe('£0.00');
  });
  it('shows a non-finite amount as empty', () => {
    expect(formatCurrency(Number.NaN)).toBe('');
  });
});

describe('formatDate', () => {
  it('shows short month, day, year', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('Mar 5, 2026');
    expect(formatDate(new Date(Date.UTC(2025, 11, 31)))).toBe('Dec 31, 2025');
  });
  it('shows an invalid or missing date as empty', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
  });
});

describe('displayId', () => {
  it('keeps the last 8 characters', () => {
    expect(displayId('3f2a9c1e-8b7d-4e21-9a0f-1c2d3e4f5a6b')).toBe('3e4f5a6b');
    expect(displayId('abc')).toBe('abc');
  });
});

describe('formatPercent', () => {
  it('rounds to a whole number', () => {
    expect(formatPercent(87.46)).toBe('87%');
    expect(formatPercent(87.5)).toBe('88%');
  });
});

describe('formatDateTime', () => {
  it('reads an exact moment in local time, and an invalid one as empty', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7, 9))).toBe('Mar 5, 2026, 2:07:09 PM');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('countOf', () => {
  it('puts the noun in the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(countOf(3, 'item')).toBe('3 items');
    expect(countOf(2, 'service', 'services')).toBe('2 services');
  });
});
