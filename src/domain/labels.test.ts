import { describe, expect, it } from 'vitest';
import { chairLabel, customerAddress, customerLabel } from './labels';

describe('customerLabel', () => {
  it('uses the name, else Unknown Customer', () => {
    expect(customerLabel({ name: 'Riverside Dental' })).toBe('Riverside Dental');
    expect(customerLabel({ name: '  ' })).toBe('Unknown Customer');
    expect(customerLabel(null)).toBe('Unknown Customer');
  });
});

describe('customerAddress', () => {
  it('prefers the practice address, then the user address, then No address', () => {
    expect(customerAddress({ address: '1 Home St', practice: { address: '2 Clinic Rd' } })).toBe(
      '2 Clinic Rd',
    );
    expect(customerAddress({ address: '1 Home St', practice: null })).toBe('1 Home St');
    expect(customerAddress({ address: null, practice: {} })).toBe('No address');
    expect(customerAddress(undefined)).toBe('No address');
  });
});

describe('chairLabel', () => {
  it('shows serial - model name, falling back to the catalogue name, else Unknown Chair', () => {
    expect(chairLabel({ serialNumber: 'S30-1', model: 'S30', modelName: 'S30 Sigma' })).toBe(
      'S30-1 - S30 Sigma',
    );
    expect(chairLabel({ serialNumber: 'U-2', model: 'U500', modelName: null })).toBe(
      'U-2 - U500 Ambidextrous',
    );
    expect(chairLabel(null)).toBe('Unknown Chair');
  });
});
