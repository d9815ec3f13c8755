import { describe, expect, it } from 'vitest';
import { serviceRequestSchema } from './service-request.schema';

const today = '2025-03-10';
const schema = serviceRequestSchema(today);
const pairs = (issues: { path: PropertyKey[]; message: string }[] | undefined) =>
  issues?.map((i) => [i.path.join('.'), i.message]);

describe('serviceRequestSchema', () => {
  it('accepts a request for today with optional notes', () => {
    const request = { chairId: 'c1', preferredDate: today, preferredTime: '08:00' };
    expect(schema.safeParse(request).success).toBe(true);
    expect(schema.safeParse({ ...request, notes: 'Squeak' }).success).toBe(true);
  });

  it('reports missing fields with the SPEC messages', () => {
    const result = schema.safeParse({ chairId: '', preferredDate: '', preferredTime: '' });
    expect(pairs(result.error?.issues)).toEqual([
      ['chairId', 'Please select a chair'],
      ['preferredDate', 'Preferred date is required'],
      ['preferredTime', 'Preferred time is required'],
    ]);
  });

  it('rejects yesterday and accepts tomorrow', () => {
    const base = { chairId: 'c1', preferredTime: '09:30' };
    const past = schema.safeParse({ ...base, preferredDate: '2025-03-09' });
    expect(pairs(past.error?.issues)).toEqual([
      ['preferredDate', 'Preferred date cannot be in the past'],
    ]);
    expect(schema.safeParse({ ...base, preferredDate: '2025-03-11' }).success).toBe(true);
  });
});
