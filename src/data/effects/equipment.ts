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
} from '../../domain/chairs';
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
 * A customer's mirror holds only their own chairs, so an in-stock serial is usually not here: the
 * registration then shows once the push is accepted. A chair the mirror shows but that cannot be
 * registered is refused with `refusal`.
 */
async function register(
  store: LocalStore,
  serialNumber: string,
  deliveryDate: string,
  userId: string,
  now: string,
  refusal: MutationRejected,
): Promise<void> {
  const [chair] = await store.where('chairs', 'serialNumber', serialNumber.trim());
  if (!chair) return;
  if (!canRegisterChair(chair.status)) throw refusal;
  await store.put('chairs', {
    ...chair,
    ownerUserId: userId,
    status: 'REGISTERED',
    deliveryDate,
    warranty: newWarranty(now),
  });
}

async function ownChair(store: LocalStore, chairId: string): Promise<Chair> {
  const chair = await store.get('chairs', chairId);
  if (!chair) throw new MutationRejected('not_found', CHAIR_NOT_FOUND);
  return chair;
}

export const equipmentEffects: EffectMap<EquipmentMutation> = {
  'chair.register': (store, args, { userId, now }) =>
    register(
      store,
      args.serialNumber,
      args.deliveryDate,
      userId,
      now,
      new MutationRejected('conflict', CHAIR_ALREADY_REGISTERED),
    ),

  'chair.activateWarranty': (store, args, { userId, now }) => {
    if (!canActivateWarranty(args.deliveryDate, new Date(now))) {
      throw new MutationRejected('validation', ACTIVATION_WINDOW_MESSAGE);
    }
    return register(
      store,
      args.serialNumber,
      args.deliveryDate,
      userId,
      now,
      new MutationRejected('not_found', SERIAL_NOT_IN_INVENTORY),
    );
  },

  'chair.submitTestSheet': async (store, args, { now }) => {
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
