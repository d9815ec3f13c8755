import { describe, expect, it } from 'vitest';
import { installationAcceptanceSchema } from './installation.schema';

describe('installationAcceptanceSchema', () => {
  it('accepts name and signature, notes optional', () => {
    const acceptance = { customerName: 'Dr Jones', signatureText: 'R. Jones' };
    expect(installationAcceptanceSchema.safeParse(acceptance).success).toBe(true);
    const withNotes = { ...acceptance, notes: 'All good' };
    expect(installationAcceptanceSchema.safeParse(withNotes).success).toBe(true);
  });

  it('requires customer name and signature text', () => {
    const result = installationAcceptanceSchema.safeParse({ customerName: ' ', signatureText: '' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['customerName', 'Customer name is required'],
      ['signatureText', 'Signature is required'],
    ]);
  });
});
