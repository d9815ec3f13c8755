import { describe, expect, it } from 'vitest';
import { backoffDelay, BASE_DELAY_MS, MAX_DELAY_MS } from './backoff';
import { classify } from './classify';
import { progressFraction } from '../src/data/sync-status';

describe('classify', () => {
  it.each([
    [0, '', 'transient'],
    [408, '', 'transient'],
    [429, '', 'transient'],
    [500, '', 'transient'],
    [503, 'PGRST000', 'transient'],
    [401, 'PGRST301', 'auth'],
    [409, 'PT409', 'rejected'],
    [400, 'PT400', 'rejected'],
    [403, 'PT403', 'rejected'],
    [404, 'PT404', 'rejected'],
    [409, '23505', 'rejected'],
  ])('status %i with code %j is %s', (status, code, kind) => {
    expect(classify({ status, data: null, error: { code, message: 'x' } }).kind).toBe(kind);
  });

  it('accepts a 2xx answer without error', () => {
    expect(classify({ status: 200, data: { a: 1 }, error: null })).toEqual({
      kind: 'accepted',
      data: { a: 1 },
    });
  });

  it.each([
    ['PT409', 'conflict'],
    ['PT400', 'validation'],
    ['PT403', 'forbidden'],
    ['PT404', 'not_found'],
    ['42501', 'forbidden'],
  ])('maps SQLSTATE %s to the %s class with the server message', (code, errorClass) => {
    expect(
      classify({ status: 400, data: null, error: { code, message: 'Ticket not found' } }),
    ).toEqual({ kind: 'rejected', errorClass, message: 'Ticket not found' });
  });

  it('falls back to the class in details, then to the HTTP status', () => {
    expect(
      classify({
        status: 400,
        data: null,
        error: { code: 'XX', message: 'm', details: 'conflict' },
      }),
    ).toMatchObject({ errorClass: 'conflict' });
    expect(classify({ status: 404, data: null, error: { message: 'm' } })).toMatchObject({
      errorClass: 'not_found',
    });
  });
});

describe('backoff', () => {
  it('doubles from 1 s with jitter in the upper half of the window, capped at 5 minutes', () => {
    expect(backoffDelay(1, () => 0)).toBe(BASE_DELAY_MS / 2);
    expect(backoffDelay(1, () => 1)).toBe(BASE_DELAY_MS);
    expect(backoffDelay(4, () => 0.5)).toBe(6_000);
    expect(backoffDelay(30, () => 1)).toBe(MAX_DELAY_MS);
    expect(backoffDelay(30, () => 0)).toBe(MAX_DELAY_MS / 2);
  });
});

describe('progressFraction', () => {
  it('combines the finished tables and the share of the current one', () => {
    expect(progressFraction(null)).toBe(0);
    expect(
      progressFraction({ table: 'chairs', tableIndex: 1, tableCount: 8, loaded: 50, total: 100 }),
    ).toBeCloseTo(1.5 / 8);
    expect(
      progressFraction({
        table: 'installations',
        tableIndex: 7,
        tableCount: 8,
        loaded: 3,
        total: 3,
      }),
    ).toBe(1);
  });
});
