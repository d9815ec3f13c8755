import { describe, expect, it } from 'vitest';
import { addChairSchema, addUserSchema } from './admin.schema';

const pairs = (issues: { path: PropertyKey[]; message: string }[] | undefined) =>
  issues?.map((i) => [i.path.join('.'), i.message]);

describe('addUserSchema', () => {
  it('accepts a user with only name, email and role', () => {
    const user = { name: 'Ada', email: 'ada@example.com', role: 'ENGINEER' };
    expect(addUserSchema.safeParse(user).success).toBe(true);
  });

  it('reports name, email and role', () => {
    const result = addUserSchema.safeParse({ name: '', email: 'x' });
    expect(pairs(result.error?.issues)).toEqual([
      ['name', 'Name is required'],
      ['email', 'Please enter a valid email address'],
      ['role', 'Role is required'],
    ]);
  });

  it('does not offer the VENDOR role', () => {
    const result = addUserSchema.safeParse({ name: 'A', email: 'a@b.co', role: 'VENDOR' });
    expect(result.success).toBe(false);
  });
});

describe('addChairSchema', () => {
  const configuration = {
    deliverySystem: 'Hanging Delivery',
    instrumentOption: 'Option One',
    assistantChairside: 'Standard',
    lighting: 'V1 4300K',
    footControl: 'Pedal',
    upholsteryType: 'Formed',
    upholsteryColor: 'H3',
    monitorBracket: 'No Monitor Bracket',
  };

  it('accepts a chair with or without a configuration', () => {
    expect(addChairSchema.safeParse({ serialNumber: 'S-1', model: 'S30' }).success).toBe(true);
    const chair = { serialNumber: 'U-1', model: 'U500', configuration };
    expect(addChairSchema.safeParse(chair).success).toBe(true);
  });

  it('reports serial number and model with the SPEC messages', () => {
    const result = addChairSchema.safeParse({ serialNumber: ' ', model: '' });
    expect(pairs(result.error?.issues)).toEqual([
      ['serialNumber', 'Serial number is required'],
      ['model', 'Model is required'],
    ]);
  });

  it('rejects a colour not offered for the upholstery type', () => {
    const result = addChairSchema.safeParse({
      serialNumber: 'S-1',
      model: 'S30',
      configuration: { ...configuration, upholsteryType: 'Sewn', upholsteryColor: 'H3' },
    });
    expect(pairs(result.error?.issues)).toEqual([
      ['configuration.upholsteryColor', 'Choose a colour offered for this upholstery type'],
    ]);
  });
});
