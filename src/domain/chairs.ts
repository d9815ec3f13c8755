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

/** A completed installation delivers an in-stock chair; other statuses stay. */
export function chairStatusAfterInstallation(status: ChairStatus): ChairStatus {
  return status === 'IN_STOCK' ? 'DELIVERED' : status;
}
