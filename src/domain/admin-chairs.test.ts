import { describe, expect, it } from 'vitest';
import { chairRow } from '../testing/rows';
import { chairAssignedMessage, chairCounters, matchesChair } from './admin-chairs';

describe('admin chair rules', () => {
  it('counts total, in stock, delivered and registered chairs', () => {
    const chairs = [
      chairRow(),
      chairRow({ status: 'DELIVERED' }),
      chairRow({ status: 'REGISTERED' }),
      chairRow({ status: 'REGISTERED' }),
    ];
    expect(chairCounters(chairs)).toEqual({ total: 4, inStock: 1, delivered: 1, registered: 2 });
  });

  it('searches serial, model and owner', () => {
    const chair = chairRow({ serialNumber: 'U500-0009', model: 'U500' });
    const owner = { name: 'Riverside Dental', email: 'desk@riverside.example' };
    expect(matchesChair(chair, owner, 'u500-00')).toBe(true);
    expect(matchesChair(chair, owner, 'ambidextrous')).toBe(true);
    expect(matchesChair(chair, owner, 'riverside')).toBe(true);
    expect(matchesChair(chair, null, 'riverside')).toBe(false);
  });

  it("says 'Chair assigned to {name or Unassigned}'", () => {
    expect(chairAssignedMessage({ name: 'Riverside Dental' })).toBe(
      'Chair assigned to Riverside Dental',
    );
    expect(chairAssignedMessage(null)).toBe('Chair assigned to Unassigned');
  });
});
