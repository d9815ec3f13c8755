// Route strings in one typed table (SPEC §2), never spelled twice. Hash routing. Pure TypeScript,
// so the app shell, every role area and the tests read the same table.
import type { Role } from './schemas/common';

export type { Role };

export interface NavItem {
  path: string;
  label: string;
}

/** Public routes and the dashboard root that redirects to the role home. */
export const paths = {
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
} as const;

/** Customer routes (SPEC §2 Customer routes), including the test sheet that has no nav entry. */
export const customerPaths = {
  home: '/dashboard/customer',
  chairs: '/dashboard/customer/chairs',
  testSheet: (chairId: string) => `/dashboard/customer/chairs/${chairId}/test-sheet`,
  warranty: '/dashboard/customer/warranty',
  training: '/dashboard/customer/training',
  parts: '/dashboard/customer/parts',
  support: '/dashboard/customer/support',
  service: '/dashboard/customer/service',
  profile: '/dashboard/customer/profile',
} as const;

/** Admin routes (SPEC §2 Admin routes). */
export const adminPaths = {
  home: '/dashboard/admin',
  users: '/dashboard/admin/users',
  chairs: '/dashboard/admin/chairs',
  training: '/dashboard/admin/training',
  parts: '/dashboard/admin/parts',
  partRequests: '/dashboard/admin/requests',
  tickets: '/dashboard/admin/tickets',
  serviceRequests: '/dashboard/admin/service-requests',
  installations: '/dashboard/admin/installations',
  /** The schedule board (issue 45), the vendor's screen opened to admins. */
  schedule: '/dashboard/admin/schedule',
  profile: '/dashboard/admin/profile',
} as const;

/** Vendor routes (SPEC §2 Vendor routes). */
export const vendorPaths = {
  home: '/dashboard/vendor',
  engineers: '/dashboard/vendor/engineers',
  tickets: '/dashboard/vendor/tickets',
  serviceRequests: '/dashboard/vendor/service-requests',
  /** The dispatcher's schedule board (issue 45). */
  schedule: '/dashboard/vendor/schedule',
  profile: '/dashboard/vendor/profile',
} as const;

/** Engineer routes (SPEC §2 Engineer routes), including the ticket page that has no nav entry. */
export const engineerPaths = {
  home: '/dashboard/engineer',
  tickets: '/dashboard/engineer/tickets',
  ticket: (id: string) => `/dashboard/engineer/tickets/${id}`,
  equipment: '/dashboard/engineer/equipment',
  installation: '/dashboard/engineer/installation',
  calendar: '/dashboard/engineer/calendar',
  reference: '/dashboard/engineer/reference',
  serviceRequests: '/dashboard/engineer/service-requests',
  profile: '/dashboard/engineer/profile',
} as const;

/** Each area's screens in navigation order: the first is the role home. */
export const areaNav: Record<Role, NavItem[]> = {
  CUSTOMER: [
    { path: customerPaths.home, label: 'Overview' },
    { path: customerPaths.chairs, label: 'My Chairs' },
    { path: customerPaths.warranty, label: 'Warranty Activation' },
    { path: customerPaths.training, label: 'Training Resources' },
    { path: customerPaths.parts, label: 'Parts Catalog' },
    { path: customerPaths.support, label: 'Support Center' },
    { path: customerPaths.service, label: 'Book Service' },
    { path: customerPaths.profile, label: 'Profile' },
  ],
  ADMIN: [
    { path: adminPaths.home, label: 'Overview' },
    { path: adminPaths.users, label: 'Users' },
    { path: adminPaths.chairs, label: 'Chairs' },
    { path: adminPaths.training, label: 'Training' },
    { path: adminPaths.parts, label: 'Parts' },
    { path: adminPaths.partRequests, label: 'Part Requests' },
    { path: adminPaths.tickets, label: 'Support Tickets' },
    { path: adminPaths.serviceRequests, label: 'Service Requests' },
    { path: adminPaths.installations, label: 'Installations' },
    { path: adminPaths.schedule, label: 'Schedule Board' },
    { path: adminPaths.profile, label: 'Profile' },
  ],
  VENDOR: [
    { path: vendorPaths.home, label: 'Operations Center' },
    { path: vendorPaths.engineers, label: 'Field Engineers' },
    { path: vendorPaths.tickets, label: 'Ticket Assignment' },
    { path: vendorPaths.serviceRequests, label: 'Service Assignment' },
    { path: vendorPaths.schedule, label: 'Schedule Board' },
    { path: vendorPaths.profile, label: 'My Profile' },
  ],
  ENGINEER: [
    { path: engineerPaths.home, label: 'Overview' },
    { path: engineerPaths.tickets, label: 'Support Tickets' },
    { path: engineerPaths.equipment, label: 'Equipment Search' },
    { path: engineerPaths.installation, label: 'New Installation' },
    { path: engineerPaths.calendar, label: 'Service Calendar' },
    { path: engineerPaths.reference, label: 'Technical Reference' },
    { path: engineerPaths.serviceRequests, label: 'Service Requests' },
    { path: engineerPaths.profile, label: 'My Profile' },
  ],
};

export const roles: Role[] = ['CUSTOMER', 'ADMIN', 'ENGINEER', 'VENDOR'];

/** The role whose area a path is in ('/dashboard/engineer/tickets' → ENGINEER), else null. */
export function areaRoleOf(path: string): Role | null {
  return roles.find((r) => path === roleHome(r) || path.startsWith(`${roleHome(r)}/`)) ?? null;
}

/** The role home; an unknown role gets the customer area (SPEC §2). */
export function roleHome(role: string | null | undefined): string {
  const known = roles.find((r) => r === role);
  return areaNav[known ?? 'CUSTOMER'][0]!.path;
}
