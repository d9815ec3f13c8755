/**
 * Local (optimistic) effects of the chair, warranty, installation, part-request and profile
 * mutations (SPEC §4 Warranty, Installation wizard; design card: installations are synced). The
 * rules are the domain's (warranty, chairs, installation, part requests, users); the effects only
 * read and write rows. tests/integration/mutation-parity.test.ts holds them to the server's.
 */
import {
  CHAIR_ALREADY_REGISTERED,
  SERIAL_NOT_IN_INVENTORY,
  canRegisterChair,
  chairStatusAfterInstallation,
  installationRefusal,
  modelFromSerial,
  provisionalChairId,
} from '../../domain/chairs';
import type { ChairModel } from '../../domain/chair-models';
import type { Chair } from '../../domain/entities';
import {
  completedChecklist,
  installationHistoryEntry,
  serviceAfterInstallation,
  warrantyAfterInstallation,
} from '../../domain/installation';
import { isChecklistComplete } from '../../domain/installation-checklist';
import { mergeRequestLines, stockRefusal } from '../../domain/part-requests';
import {
  CHAIR_NOT_FOUND,
  CHECKLIST_INCOMPLETE,
  PART_NOT_FOUND,
  TEST_SHEET_ALREADY_SUBMITTED,
} from '../../domain/refusals';
import { optionalTrimmed, profileAfterUpdate } from '../../domain/users';
import {
  ACTIVATION_WINDOW_MESSAGE,
  EXTENSION_NEEDS_CONFIRMED,
  canActivateWarranty,
  canExtendWarranty,
  extendWarranty,
  newWarranty,
  warrantyAfterTestSheet,
} from '../../domain/warranty';
import { MutationRejected, type LocalStore } from '../local-store';
import { nameOf, type EffectMap } from './context';

type EquipmentMutation =
  | 'chair.register'
  | 'chair.activateWarranty'
  | 'chair.submitTestSheet'
  | 'chair.extendWarranty'
  | 'installation.complete'
  | 'partRequest.create'
  | 'profile.update';

/**
 * Registration: owner, delivery date, warranty activated now for 5 years, not yet confirmed.
 * A customer's mirror holds only their own chairs, so an in-stock serial is usually not here.
 * A chair the mirror shows but that cannot be registered is refused with `refusal`. Returns
 * false when the mirror does not hold the serial.
 */
async function register(
  store: LocalStore,
  serialNumber: string,
  deliveryDate: string,
  userId: string,
  now: string,
  refusal: MutationRejected,
): Promise<boolean> {
  const [chair] = await store.where('chairs', 'serialNumber', serialNumber.trim());
  if (!chair) return false;
  if (!canRegisterChair(chair.status)) throw refusal;
  await store.put('chairs', {
    ...chair,
    ownerUserId: userId,
    status: 'REGISTERED',
    deliveryDate,
    warranty: newWarranty(now, chair.testSheet),
  });
  return true;
}

/**
 * A warranty activated for a serial the mirror does not hold: the device's stand-in row
 * (provisionalChairId in src/domain/chairs.ts), registered as the server will register it, so
 * My Chairs lists it and its test sheet can be submitted before any sync. The model is the one
 * the live lookup found, else the serial's prefix; a serial that names neither gets no stand-in
 * (the chair then shows once the server accepts the activation).
 */
async function registerProvisionally(
  store: LocalStore,
  serialNumber: string,
  deliveryDate: string,
  model: ChairModel | undefined,
  userId: string,
  now: string,
): Promise<void> {
  const serial = serialNumber.trim();
  const chairModel = model ?? modelFromSerial(serial);
  if (!chairModel) return;
  await store.put('chairs', {
    id: provisionalChairId(serial),
    serialNumber: serial,
    model: chairModel,
    modelName: null,
    configuration: null,
    deliveryDate,
    ownerUserId: userId,
    status: 'REGISTERED',
    warranty: newWarranty(now),
    testSheet: null,
    service: null,
    createdAt: now,
    updatedAt: now,
  });
}

async function ownChair(store: LocalStore, chairId: string): Promise<Chair> {
  const chair = await store.get('chairs', chairId);
  if (!chair) throw new MutationRejected('not_found', CHAIR_NOT_FOUND);
  return chair;
}

export const equipmentEffects: EffectMap<EquipmentMutation> = {
  'chair.register': async (store, args, { userId, now }) => {
    // Not in the mirror: the registration shows once the push is accepted.
    await register(
      store,
      args.serialNumber,
      args.deliveryDate,
      userId,
      now,
      new MutationRejected('conflict', CHAIR_ALREADY_REGISTERED),
    );
  },

  'chair.activateWarranty': async (store, args, { userId, now }) => {
    if (!canActivateWarranty(args.deliveryDate, new Date(now))) {
      throw new MutationRejected('validation', ACTIVATION_WINDOW_MESSAGE);
    }
    const registered = await register(
      store,
      args.serialNumber,
      args.deliveryDate,
      userId,
      now,
      new MutationRejected('not_found', SERIAL_NOT_IN_INVENTORY),
    );
    if (!registered) {
      await registerProvisionally(
        store,
        args.serialNumber,
        args.deliveryDate,
        args.model,
        userId,
        now,
      );
    }
  },

  'chair.submitTestSheet': async (store, args, { now }) => {
    // A sheet on a chair activated on this device names it by serial too: once the activation
    // is settled the stand-in row is gone (the server's row has its own id), and the server finds
    // the chair by serial when the sheet is sent, or refuses it (CHAIR_NOT_FOUND).
    if (args.serialNumber && !(await store.get('chairs', args.chairId))) return;
    const chair = await ownChair(store, args.chairId);
    if (chair.testSheet) throw new MutationRejected('conflict', TEST_SHEET_ALREADY_SUBMITTED);
    const testSheet = {
      partsArrived: args.partsArrived,
      powersOn: args.powersOn,
      movementOK: args.movementOK,
      waterAirOK: args.waterAirOK,
      notes: args.notes ?? null,
      submittedAt: now,
    };
    await store.put('chairs', {
      ...chair,
      testSheet,
      warranty: warrantyAfterTestSheet(chair.warranty, testSheet),
    });
  },

  'chair.extendWarranty': async (store, { chairId, years }) => {
    const chair = await ownChair(store, chairId);
    if (!canExtendWarranty(chair.warranty)) {
      throw new MutationRejected('validation', EXTENSION_NEEDS_CONFIRMED);
    }
    await store.put('chairs', { ...chair, warranty: extendWarranty(chair.warranty ?? {}, years) });
  },

  'installation.complete': async (store, args, { userId, now }) => {
    if (!isChecklistComplete(args.checklist)) {
      throw new MutationRejected('validation', CHECKLIST_INCOMPLETE);
    }
    const chair = await ownChair(store, args.chairId);
    const refusal = installationRefusal(chair, args.customerUserId);
    if (refusal) throw new MutationRejected('conflict', refusal);
    const customerName = args.customerName.trim();
    const notes = optionalTrimmed(args.notes);
    await store.put('installations', {
      id: args.id,
      chairId: args.chairId,
      engineerUserId: userId,
      checklist: completedChecklist(),
      customerName,
      signatureText: args.signatureText.trim(),
      signatureImage: args.signatureImage,
      notes,
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const engineer = await store.get('users', userId);
    const entry = installationHistoryEntry({
      id: args.id,
      now,
      engineerId: userId,
      engineerName: await nameOf(store, userId),
      engineerPhone: engineer?.phone ?? null,
      customerName,
      notes,
    });
    await store.put('chairs', {
      ...chair,
      status: chairStatusAfterInstallation(chair),
      warranty: warrantyAfterInstallation(chair, now),
      service: serviceAfterInstallation(chair.service, entry, now),
    });
  },

  'partRequest.create': async (store, args, { userId, now }) => {
    const items = mergeRequestLines(args.items);
    for (const line of items) {
      // Parts the mirror does not hold are the server's to check.
      const part = await store.get('parts', line.partId);
      if (!part) continue;
      if (part.deletedAt) throw new MutationRejected('not_found', PART_NOT_FOUND);
      const refusal = stockRefusal(line, part);
      if (refusal) throw new MutationRejected('validation', refusal);
    }
    await store.put('partRequests', {
      id: args.id,
      userId,
      chairId: args.chairId ?? null,
      items,
      status: 'PENDING',
      notes: args.notes ?? null,
      createdAt: now,
      updatedAt: now,
    });
  },

  'profile.update': async (store, args, { userId }) => {
    const user = await store.get('users', userId);
    if (!user) return;
    const updated = profileAfterUpdate(user, args);
    if ('refusal' in updated) throw new MutationRejected('validation', updated.refusal);
    await store.put('users', updated);
  },
};
