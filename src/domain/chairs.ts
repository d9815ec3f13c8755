// Chair lifecycle rules (SPEC §4 Chair status, §5 Register chair, Add chair; §6 ADMIN reassign):
// which chairs can be registered or reassigned, and what an installation does to the status.
// The local effects (src/data/effects) apply these; the guarded operations apply the same
// (tests/integration/mutation-parity.test.ts).
import type { ChairStatus } from './entities';

/** Only IN_STOCK or DELIVERED chairs can be registered for warranty. */
export function canRegisterChair(status: ChairStatus): boolean {
  return status === 'IN_STOCK' || status === 'DELIVERED';
}

/** Registering a chair the server finds but cannot register (chair.register). */
export const CHAIR_ALREADY_REGISTERED = 'This chair is already registered';
/** Activating a warranty on a serial that is not in stock or delivered (chair.activateWarranty). */
export const SERIAL_NOT_IN_INVENTORY = 'Serial number not found in inventory';
/** Adding a chair whose serial number is taken (SPEC §5 Add chair). */
export const SERIAL_ALREADY_EXISTS = 'Serial number already exists';

/** Only REGISTERED chairs can have their owner changed by an admin. */
export function canReassignOwner(status: ChairStatus): boolean {
  return status === 'REGISTERED';
}
export const ONLY_REGISTERED_REASSIGNED = 'Only registered chairs can be reassigned';

interface InstalledChair {
  status: ChairStatus;
  ownerUserId: string | null;
}

/** Installing a chair that is not in stock or delivered (installation.complete). */
export const CHAIR_NOT_INSTALLABLE =
  'Only a chair in stock or pending installation can be installed';
/** Installing a chair owned by someone other than the installation's customer. */
export const CHAIR_OF_ANOTHER_CUSTOMER = 'This chair belongs to another customer';

/**
 * Why a chair cannot be installed, or null. Only IN_STOCK or DELIVERED chairs are installed (a
 * REGISTERED chair is at its owner's practice already). `customerUserId` is the customer the
 * engineer verified in the wizard (null: a chair without owner); when given, a chair owned by
 * anyone else is refused. Left out (undefined), the owner is not checked.
 */
export function installationRefusal(
  chair: InstalledChair,
  customerUserId?: string | null,
): string | null {
  if (chair.status !== 'IN_STOCK' && chair.status !== 'DELIVERED') return CHAIR_NOT_INSTALLABLE;
  if (customerUserId !== undefined && chair.ownerUserId && chair.ownerUserId !== customerUserId) {
    return CHAIR_OF_ANOTHER_CUSTOMER;
  }
  return null;
}

/**
 * A completed installation puts the chair in service at its owner's practice: a chair with an
 * owner becomes REGISTERED (its warranty starts then if not yet activated, see
 * warrantyAfterInstallation); one without an owner is DELIVERED, for the practice to activate
 * its warranty by serial number. Either way its Installation history entry keeps it off every
 * device's list of chairs to install (README, Departures from SPEC).
 */
export function chairStatusAfterInstallation(chair: InstalledChair): ChairStatus {
  return chair.ownerUserId ? 'REGISTERED' : 'DELIVERED';
}
