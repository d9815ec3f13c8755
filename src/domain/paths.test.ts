import { describe, expect, it } from 'vitest';
import { areaNav, roleHome } from './paths';

describe('roleHome', () => {
  it('sends each role to its own area', () => {
    expect(roleHome('ENGINEER')).toBe('/dashboard/engineer');
    expect(roleHome('VENDOR')).toBe('/dashboard/vendor');
    expect(roleHome('ADMIN')).toBe('/dashboard/admin');
    expect(roleHome('CUSTOMER')).toBe('/dashboard/customer');
  });
  it('gives an unknown role the customer area', () => {
    expect(roleHome('SOMETHING')).toBe('/dashboard/customer');
    expect(roleHome(null)).toBe('/dashboard/customer');
  });
  it('lists every SPEC route of the engineer area', () => {
    expect(areaNav.ENGINEER.map((i) => i.path)).toContain('/dashboard/engineer/service-requests');
    expect(areaNav.ENGINEER).toHaveLength(8);
  });
});
