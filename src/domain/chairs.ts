// Chair lifecycle rules (SPEC §4 Chair status, §5 Register chair, Add chair; §6 ADMIN reassign):
// which chairs can be registered or reassigned, and what an installation does to the status.
// The local effects (src/data/effects) apply these; the guarded operations apply the same
// (tests/integration/mutation-parity.test.ts).
import type { ChairModel } from './chair-models';
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

/**
 * A chair a customer activated on this device that the server has not confirmed yet (issue 15).
 * A customer's mirror holds only their own chairs, so an unowned DELIVERED or IN_STOCK chair is
 * not there when its warranty is activated offline. The activation's local effect then writes
 * this stand-in row, so My Chairs lists the chair at once and its test sheet can be filled in
 * before any sync. Its id is derived from the serial number (effects are deterministic: a rebase
 * replays them to the same row) and is the device's own: the server's row has another id. When
 * the activation is accepted, the server's row comes back with it and the stand-in goes (the
 * rebase drops every row a settled change created); when it is refused, the stand-in goes too.
 * A test sheet queued on the stand-in names the chair by serial number as well, which is how the
 * server finds it.
 */
export function provisionalChairId(serialNumber: string): string {
  const serial = serialNumber.trim();
  const hex = [0x9e3779b9, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f]
    .map((seed) => {
      let h = 0x811c9dc5 ^ seed;
      for (let i = 0; i < serial.length; i += 1) {
        h = Math.imul(h ^ serial.charCodeAt(i), 0x01000193);
        h ^= h >>> 13;
      }
      return (h >>> 0).toString(16).padStart(8, '0');
    })
    .join('');
  // An RFC 9562 version 8 (custom) UUID, so every schema that takes a chair id takes it.
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/** Whether this row is the device's stand-in for a chair activated offline. */
export function isProvisionalChair(chair: { id: string; serialNumber: string }): boolean {
  return chair.id === provisionalChairId(chair.serialNumber);
}

/**
 * The model a serial number names by its prefix ('S30-25-01001', 'U500-25-00120'), for the
 * stand-in row when the server could not be asked; null when the serial does not say.
 */
export function modelFromSerial(serialNumber: string): ChairModel | null {
  const prefix = /^(S30|U500)(?![0-9A-Z])/i.exec(serialNumber.trim());
  return prefix ? (prefix[1]!.toUpperCase() as ChairModel) : null;
}
