// Route strings in one typed table (SPEC §2), never spelled twice. Hash routing.
export type Role = 'CUSTOMER' | 'ADMIN' | 'ENGINEER' | 'VENDOR';

export interface NavItem {
  path: string;
  label: string;
}

export const paths = {
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
} as const;

/** Engineer routes (SPEC §2), including the ticket page that has no navigation entry. */
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

/** Customer routes without a navigation entry (SPEC §2 Customer routes). */
export const customerPaths = {
  testSheet: (chairId: string) => `/dashboard/customer/chairs/${chairId}/test-sheet`,
} as const;

/** Each area's screens: the first is the role home. */
export const areaNav: Record<Role, NavItem[]> = {
  CUSTOMER: [
    { path: '/dashboard/customer', label: 'Overview' },
    { path: '/dashboard/customer/chairs', label: 'My Chairs' },
    { path: '/dashboard/customer/warranty', label: 'Warranty Activation' },
    { path: '/dashboard/customer/training', label: 'Training Resources' },
    { path: '/dashboard/customer/parts', label: 'Parts Catalog' },
    { path: '/dashboard/customer/support', label: 'Support Center' },
    { path: '/dashboard/customer/service', label: 'Book Service' },
    { path: '/dashboard/customer/profile', label: 'Profile' },
  ],
  ADMIN: [
    { path: '/dashboard/admin', label: 'Overview' },
    { path: '/dashboard/admin/users', label: 'Users' },
    { path: '/dashboard/admin/chairs', label: 'Chairs' },
    { path: '/dashboard/admin/training', label: 'Training' },
    { path: '/dashboard/admin/parts', label: 'Parts' },
    { path: '/dashboard/admin/requests', label: 'Part Requests' },
    { path: '/dashboard/admin/tickets', label: 'Support Tickets' },
    { path: '/dashboard/admin/service-requests', label: 'Service Requests' },
    { path: '/dashboard/admin/profile', label: 'Profile' },
  ],
  VENDOR: [
    { path: '/dashboard/vendor', label: 'Operations Center' },
    { path: '/dashboard/vendor/engineers', label: 'Field Engineers' },
    { path: '/dashboard/vendor/tickets', label: 'Ticket Assignment' },
    { path: '/dashboard/vendor/service-requests', label: 'Service Assignment' },
    { path: '/dashboard/vendor/profile', label: 'My Profile' },
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

/** The role home; an unknown role gets the customer area (SPEC §2). */
export function roleHome(role: string | null | undefined): string {
  const known = roles.find((r) => r === role);
  return areaNav[known ?? 'CUSTOMER'][0]!.path;
}
