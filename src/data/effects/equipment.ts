/**
 * Local (optimistic) effects of the chair, warranty, installation, part-request and profile
 * mutations (SPEC §4 Warranty, Installation wizard; design card: installations are synced).
 */
import type { Chair, ServiceHistoryEntry } from '../../domain/entities';
import type { Warranty } from '../../domain/warranty';
import { MutationRejected } from '../local-store';
import type { EffectMap } from './context';

type EquipmentMutation =
  | 'chair.register'
  | 'chair.activateWarranty'
  | 'chair.submitTestSheet'
  | 'chair.extendWarranty'
  | 'installation.complete'
  | 'partRequest.create'
  | 'profile.update';

const ONE_YEAR_LATER = (iso: string): string => {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
};

/** Registration: owner, delivery date, warranty activated now for 5 years, not yet confirmed. */
async function register(
  store: Parameters<EffectMap<'chair.register'>['chair.register']>[0],
  serialNumber: string,
  deliveryDate: string,
  userId: string,
  now: string,
): Promise<void> {
  // A customer's mirror holds only their own chairs, so an in-stock serial is usually not here:
  // the registration then shows once the push is accepted.
  const [chair] = await store.where('chairs', 'serialNumber', serialNumber.trim());
  if (!chair || (chair.status !== 'IN_STOCK' && chair.status !== 'DELIVERED')) return;
  const warranty: Warranty = {
    activatedAt: now,
    confirmed: false,
    warrantyYears: 5,
    extensionPurchased: false,
    extensionYears: 0,
  };
  await store.put('chairs', {
    ...chair,
    ownerUserId: userId,
    status: 'REGISTERED',
    deliveryDate,
    warranty,
  });
}

export const equipmentEffects: EffectMap<EquipmentMutation> = {
  'chair.register': (store, args, { userId, now }) =>
    register(store, args.serialNumber, args.deliveryDate, userId, now),

  'chair.activateWarranty': (store, args, { userId, now }) =>
    register(store, args.serialNumber, args.deliveryDate, userId, now),

  'chair.submitTestSheet': async (store, args, { now }) => {
    const chair = await store.get('chairs', args.chairId);
    if (!chair) throw new MutationRejected('not_found', 'Chair not found');
    if (chair.testSheet) {
      throw new MutationRejected(
        'conflict',
        'A test sheet has already been submitted for this chair',
      );
    }
    const allPassed = args.partsArrived && args.powersOn && args.movementOK && args.waterAirOK;
    await store.put('chairs', {
      ...chair,
      testSheet: {
        partsArrived: args.partsArrived,
        powersOn: args.powersOn,
        movementOK: args.movementOK,
        waterAirOK: args.waterAirOK,
        notes: args.notes ?? null,
        submittedAt: now,
      },
      warranty: allPassed ? { ...chair.warranty, confirmed: true } : chair.warranty,
    });
  },

  'chair.extendWarranty': async (store, { chairId, years }) => {
    const chair = await store.get('chairs', chairId);
    if (!chair) throw new MutationRejected('not_found', 'Chair not found');
    const warranty = chair.warranty ?? {};
    await store.put('chairs', {
      ...chair,
      warranty: {
        ...warranty,
        extensionPurchased: true,
        extensionYears: (warranty.extensionYears ?? 0) + years,
        warrantyYears: (warranty.warrantyYears ?? 5) + years,
      },
    });
  },

  'installation.complete': async (store, args, { userId, now }) => {
    const chair = await store.get('chairs', args.chairId);
    if (!chair) throw new MutationRejected('not_found', 'Chair not found');
    const engineer = await store.get('users', userId);
    await store.put('installations', {
      id: args.id,
      chairId: args.chairId,
      engineerUserId: userId,
      checklist: args.checklist,
      customerName: args.customerName.trim(),
      signatureText: args.signatureText.trim(),
      signatureImage: args.signatureImage,
      notes: args.notes?.trim() || null,
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const entry: ServiceHistoryEntry = {
      id: args.id,
      type: 'Installation',
      date: now,
      engineerId: userId,
      engineerName: engineer?.name ?? null,
      engineerPhone: engineer?.phone ?? null,
      duration: null,
      workPerformed: `New installation completed; accepted by ${args.customerName.trim()}`,
      partsReplaced: [],
      conditionBefore: null,
      conditionAfter: 'Installed and tested',
      recommendations: args.notes?.trim() || null,
      followUpRequired: false,
      warrantyWork: true,
      cost: 0,
    };
    const service = chair.service ?? {};
    const updated: Chair = {
      ...chair,
      status: chair.status === 'IN_STOCK' ? 'DELIVERED' : chair.status,
      service: {
        ...service,
        lastServiceDate: now,
        nextServiceDue: ONE_YEAR_LATER(now),
        serviceHistory: [...(service.serviceHistory ?? []), entry],
      },
    };
    await store.put('chairs', updated);
  },

  'partRequest.create': async (store, args, { userId, now }) => {
    await store.put('partRequests', {
      id: args.id,
      userId,
      chairId: args.chairId ?? null,
      items: args.items,
      status: 'PENDING',
      notes: args.notes?.trim() || null,
      createdAt: now,
      updatedAt: now,
    });
  },

  'profile.update': async (store, args, { userId }) => {
    const user = await store.get('users', userId);
    if (!user) return;
    const practiceFilled =
      args.practice && Object.values(args.practice).some((v) => typeof v === 'string' && v.trim());
    await store.put('users', {
      ...user,
      name: args.name.trim(),
      email: args.email,
      phone: args.phone?.trim() || null,
      address: args.address?.trim() || null,
      profilePictureUrl: args.profilePictureUrl || null,
      practice:
        user.role === 'CUSTOMER' && args.practice !== undefined
          ? practiceFilled
            ? { type: 'DENTAL', ...args.practice }
            : null
          : user.practice,
      engineer:
        user.role === 'ENGINEER' && args.engineer
          ? { ...user.engineer, ...args.engineer }
          : user.engineer,
    });
  },
};
