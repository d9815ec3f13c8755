import { describe, expect, it } from 'vitest';
import { addUserArgs, matchesUser } from './admin-users';

const ID = '00000000-0000-4000-8000-000000000001';
const base = { name: ' Ann ', email: ' ann@example.com ', role: 'CUSTOMER' as const };

describe('addUserArgs', () => {
  it('attaches a practice only to a customer with a practice name (DENTAL by default)', () => {
    expect(addUserArgs(ID, { ...base, practiceName: 'Smile' }).practice).toEqual({
      name: 'Smile',
      type: 'DENTAL',
    });
    expect(addUserArgs(ID, { ...base, practiceName: '  ' }).practice).toBeUndefined();
    expect(
      addUserArgs(ID, { ...base, role: 'ADMIN', practiceName: 'Smile' }).practice,
    ).toBeUndefined();
  });

  it('attaches engineer details only to an engineer with a location, lists trimmed', () => {
    const engineer = { ...base, role: 'ENGINEER' as const };
    expect(
      addUserArgs(ID, {
        ...engineer,
        location: 'Leeds',
        coverageAreas: ' Leeds , York,, ',
        specializations: 'S30',
      }).engineer,
    ).toEqual({ location: 'Leeds', coverageAreas: ['Leeds', 'York'], specializations: ['S30'] });
    expect(addUserArgs(ID, { ...engineer, location: '' }).engineer).toBeUndefined();
    expect(addUserArgs(ID, { ...base, location: 'Leeds' }).engineer).toBeUndefined();
  });

  it('trims name and e-mail, leaves blank optional fields out', () => {
    expect(addUserArgs(ID, { ...base, phone: ' ', address: '' })).toEqual({
      id: ID,
      name: 'Ann',
      email: 'ann@example.com',
      role: 'CUSTOMER',
      phone: undefined,
      address: undefined,
      practice: undefined,
      engineer: undefined,
    });
  });
});

describe('matchesUser', () => {
  it('matches name, e-mail or role, ignoring case', () => {
    const user = { name: 'Ann Lee', email: 'ann@example.com', role: 'ENGINEER' as const };
    expect(matchesUser(user, 'lee')).toBe(true);
    expect(matchesUser(user, 'EXAMPLE')).toBe(true);
    expect(matchesUser(user, 'engineer')).toBe(true);
    expect(matchesUser(user, 'vendor')).toBe(false);
  });
});
