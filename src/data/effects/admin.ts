/** Local (optimistic) effects of the admin mutations (SPEC §2 Admin, §6 ADMIN). */
import { modelName } from '../../domain/chair-models';
import type { EffectMap } from './context';

type AdminMutation =
  | 'user.create'
  | 'user.delete'
  | 'user.setRole'
  | 'chair.add'
  | 'chair.assignOwner'
  | 'part.add'
  | 'part.update'
  | 'part.delete'
  | 'training.add'
  | 'training.update'
  | 'training.delete';

export const adminEffects: EffectMap<AdminMutation> = {
  'user.create': async (store, args, { now }) => {
    await store.put('users', {
      id: args.id,
      name: args.name.trim(),
      email: args.email,
      role: args.role,
      phone: args.phone?.trim() || null,
      address: args.address?.trim() || null,
      profilePictureUrl: null,
      practice: args.role === 'CUSTOMER' && args.practice?.name ? args.practice : null,
      engineer: args.role === 'ENGINEER' && args.engineer?.location ? args.engineer : null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
  },

  'user.delete': async (store, { userId }) => {
    await store.remove('users', userId);
  },

  'user.setRole': async (store, { userId, role }) => {
    const user = await store.get('users', userId);
    if (user) await store.put('users', { ...user, role });
  },

  'chair.add': async (store, args, { now }) => {
    await store.put('chairs', {
      id: args.id,
      serialNumber: args.serialNumber.trim(),
      model: args.model,
      modelName: modelName(args.model),
      configuration: args.configuration ?? null,
      deliveryDate: null,
      ownerUserId: null,
      status: 'IN_STOCK',
      warranty: null,
      testSheet: null,
      service: null,
      createdAt: now,
      updatedAt: now,
    });
  },

  'chair.assignOwner': async (store, { chairId, ownerUserId }) => {
    const chair = await store.get('chairs', chairId);
    if (chair?.status === 'REGISTERED') await store.put('chairs', { ...chair, ownerUserId });
  },

  'part.add': async (store, { id, ...fields }, { now }) => {
    await store.put('parts', {
      id,
      name: fields.name.trim(),
      partCode: fields.partCode ?? null,
      model: fields.model ?? null,
      diagramUrl: fields.diagramUrl ?? null,
      price: fields.price,
      stock: fields.stock,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
  },

  'part.update': async (store, { partId, ...fields }) => {
    const part = await store.get('parts', partId);
    if (!part) return;
    await store.put('parts', {
      ...part,
      name: fields.name.trim(),
      partCode: fields.partCode ?? null,
      model: fields.model ?? null,
      diagramUrl: fields.diagramUrl ?? null,
      price: fields.price,
      stock: fields.stock,
    });
  },

  'part.delete': async (store, { partId }) => {
    await store.remove('parts', partId);
  },

  'training.add': async (store, { id, ...fields }, { now }) => {
    await store.put('trainingResources', {
      id,
      title: fields.title.trim(),
      type: fields.type,
      url: fields.url ?? null,
      content: fields.content ?? null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
  },

  'training.update': async (store, { trainingId, ...fields }) => {
    const resource = await store.get('trainingResources', trainingId);
    if (!resource) return;
    await store.put('trainingResources', {
      ...resource,
      title: fields.title.trim(),
      type: fields.type,
      url: fields.url ?? null,
      content: fields.content ?? null,
    });
  },

  'training.delete': async (store, { trainingId }) => {
    await store.remove('trainingResources', trainingId);
  },
};
