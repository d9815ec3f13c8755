import { describe, expect, it } from 'vitest';
import { testSheetSchema, warrantyActivationSchema } from './warranty.schema';

const now = new Date('2025-03-15T12:00:00.000Z');
const schema = warrantyActivationSchema(now);
const pairs = (issues: { path: PropertyKey[]; message: string }[] | undefined) =>
  issues?.map((i) => [i.path.join('.'), i.message]);

describe('warrantyActivationSchema', () => {
  it('requires serial number and delivery date with the SPEC messages', () => {
    const result = schema.safeParse({ serialNumber: ' ', deliveryDate: '' });
    expect(pairs(result.error?.issues)).toEqual([
      ['serialNumber', 'Serial number is required'],
      ['deliveryDate', 'Delivery date is required'],
    ]);
  });

  it('accepts a delivery exactly 14 days before now', () => {
    const result = schema.safeParse({
      serialNumber: 'S30-001',
      deliveryDate: '2025-03-01T12:00:00.000Z',
    });
    expect(result.success).toBe(true);
  });

  it('rejects a delivery more than 14 days before now', () => {
    const result = schema.safeParse({
      serialNumber: 'S30-001',
      deliveryDate: '2025-03-01T11:59:59.000Z',
    });
    expect(pairs(result.error?.issues)).toEqual([
      ['deliveryDate', 'Warranty must be activated within 14 days of delivery'],
    ]);
  });

  it('trims the serial number', () => {
    expect(schema.parse({ serialNumber: ' S30-001 ', deliveryDate: '2025-03-14' })).toEqual({
      serialNumber: 'S30-001',
      deliveryDate: '2025-03-14',
    });
  });
});

describe('testSheetSchema', () => {
  const checks = { partsArrived: true, powersOn: true, movementOK: false, waterAirOK: true };

  it('accepts the four booleans with or without notes', () => {
    expect(testSheetSchema.safeParse(checks).success).toBe(true);
    expect(testSheetSchema.safeParse({ ...checks, notes: 'Tilt slow' }).success).toBe(true);
  });

  it('requires every check', () => {
    const result = testSheetSchema.safeParse({ partsArrived: true });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'powersOn',
      'movementOK',
      'waterAirOK',
    ]);
  });
});
