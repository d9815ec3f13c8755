/**
 * Role resolution (SPEC §6): the stored user row decides; without a readable row, the sign-up
 * metadata; failing that, the known demo addresses; everyone else is a CUSTOMER.
 */
import { DEMO_ACCOUNTS } from './demo-accounts';
import { ROLES, type Role } from './schemas/common';

export interface RoleSources {
  /** Role of the user's row in public.users, when it could be read. */
  storedRole?: string | null;
  /** Role in the sign-up metadata. */
  metadataRole?: unknown;
  email?: string | null;
}

const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export function resolveRole({ storedRole, metadataRole, email }: RoleSources): Role {
  if (isRole(storedRole)) return storedRole;
  if (isRole(metadataRole)) return metadataRole;
  const known = DEMO_ACCOUNTS.find((a) => a.email.toLowerCase() === email?.trim().toLowerCase());
  return known?.role ?? 'CUSTOMER';
}
