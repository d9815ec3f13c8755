// A role in words (labels.ts re-exports them): a module of its own because the sign-in page's
// demo box needs them, and the rest of labels.ts would bring the chair and warranty rules along.
import type { Role } from './schemas/common';

/** A role as the top bar's badge reads it. */
export const ROLE_LABELS: Record<Role, string> = {
  CUSTOMER: 'Customer',
  ADMIN: 'Admin',
  ENGINEER: 'Engineer',
  VENDOR: 'Vendor',
};

/** A role's label; an unknown role reads as its own code, capitalised ('OTHER' -> 'Other'). */
export function roleLabel(role: string): string {
  return ROLE_LABELS[role as Role] ?? role.charAt(0).toUpperCase() + role.slice(1).toLowerCase();
}
