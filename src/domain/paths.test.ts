import { describe, expect, it } from 'vitest';
import {
  adminPaths,
  areaNav,
  areaRoleOf,
  customerPaths,
  engineerPaths,
  roleHome,
  roles,
  vendorPaths,
} from './paths';

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

describe('the path tables', () => {
  it("keeps every role's navigation under its own home", () => {
    for (const role of roles) {
      const home = roleHome(role);
      for (const item of areaNav[role]) expect(item.path.startsWith(home), item.path).toBe(true);
    }
  });
  it("spells the other roles' routes once, in their tables", () => {
    expect(areaNav.CUSTOMER.map((i) => i.path)).toContain(customerPaths.service);
    expect(areaNav.ADMIN.map((i) => i.path)).toContain(adminPaths.partRequests);
    expect(areaNav.VENDOR.map((i) => i.path)).toContain(vendorPaths.engineers);
    expect(customerPaths.testSheet('c1')).toBe('/dashboard/customer/chairs/c1/test-sheet');
  });
});

describe('areaRoleOf', () => {
  it("names the area of each role's screens, its home and a ticket page", () => {
    for (const role of roles) {
      for (const item of areaNav[role]) expect(areaRoleOf(item.path), item.path).toBe(role);
    }
    expect(areaRoleOf(engineerPaths.ticket('abc'))).toBe('ENGINEER');
    expect(areaRoleOf(customerPaths.testSheet('abc'))).toBe('CUSTOMER');
  });
  it('names none for the public pages, the dashboard root or a look-alike path', () => {
    for (const path of ['/', '/login', '/signup', '/dashboard', '/dashboard/engineers', '']) {
      expect(areaRoleOf(path), path).toBeNull();
    }
  });
});
