import { describe, expect, it } from 'vitest';
import {
  CHAIR_STATUS_LABELS,
  INSTALLATION_CHAIR_STATUS_LABELS,
  PART_CONDITION_LABELS,
  PART_REQUEST_STATUS_LABELS,
  ROLE_LABELS,
  SERVICE_REQUEST_STATUS_LABELS,
  STOCK_LEVEL_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  WORK_TYPE_LABELS,
  chairLabel,
  customerAddress,
  customerLabel,
  roleLabel,
  ticketChairLabel,
  warrantyStatusLabel,
} from './labels';

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

describe('status labels', () => {
  it('names every code of every status enum in words, never the raw code', () => {
    const tables = [
      TICKET_STATUS_LABELS,
      TICKET_PRIORITY_LABELS,
      SERVICE_REQUEST_STATUS_LABELS,
      PART_REQUEST_STATUS_LABELS,
      CHAIR_STATUS_LABELS,
      WORK_TYPE_LABELS,
      PART_CONDITION_LABELS,
      STOCK_LEVEL_LABELS,
      ROLE_LABELS,
    ];
    for (const table of tables) {
      for (const [code, label] of Object.entries(table)) {
        expect(label, code).not.toBe(code);
        expect(label, code).toMatch(/^[A-Z][a-z]/);
      }
    }
    expect(SERVICE_REQUEST_STATUS_LABELS.PENDING).toBe('Pending');
    expect(TICKET_STATUS_LABELS.IN_PROGRESS).toBe('In Progress');
  });

  it("labels a DELIVERED chair 'Pending Installation' in the wizard only", () => {
    expect(CHAIR_STATUS_LABELS.DELIVERED).toBe('Delivered');
    expect(INSTALLATION_CHAIR_STATUS_LABELS.DELIVERED).toBe('Pending Installation');
  });

  it('names a known role, and an unknown one by its capitalised code', () => {
    expect(roleLabel('ENGINEER')).toBe('Engineer');
    expect(roleLabel('SOMETHING')).toBe('Something');
  });
});

describe('ticketChairLabel', () => {
  it('is null without a chair id and Unknown Chair for a chair the mirror lacks', () => {
    expect(ticketChairLabel(null, null)).toBeNull();
    expect(ticketChairLabel('c1', null)).toBe('Unknown Chair');
    expect(ticketChairLabel('c1', { serialNumber: 'S-1', model: 'S30', modelName: null })).toBe(
      'S-1 - S30 Sigma',
    );
  });
});

describe('warrantyStatusLabel', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const activated = (iso: string) => ({ activatedAt: iso, confirmed: true, warrantyYears: 1 });
  it('reads Not Activated, days remaining, expiring soon and expired', () => {
    expect(warrantyStatusLabel(null, now)).toBe('Not Activated');
    expect(warrantyStatusLabel(activated('2026-01-01T12:00:00Z'), now)).toBe('214 days remaining');
    expect(warrantyStatusLabel(activated('2025-08-01T12:00:00Z'), now)).toBe(
      'Expiring soon (61 days left)',
    );
    expect(warrantyStatusLabel(activated('2025-05-31T12:00:00Z'), now)).toBe('Expired 1 day ago');
    expect(warrantyStatusLabel(activated('2025-06-01T12:00:00Z'), now)).toBe('Expired today');
  });
});
