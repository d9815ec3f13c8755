/**
 * Local (optimistic) effects of the admin mutations (SPEC §2 Admin, §6 ADMIN). The rules are the
 * domain's (users, chairs); tests/integration/mutation-parity.test.ts holds them to the server's.
 */
import { modelName } from '../../domain/chair-models';
import {
  ONLY_REGISTERED_REASSIGNED,
  SERIAL_ALREADY_EXISTS,
  canReassignOwner,
} from '../../domain/chairs';
import type { Part, TrainingResource } from '../../domain/entities';
import type { MutationArgs } from '../../domain/mutations';
import { roundPrice } from '../../domain/quote';
import {
  CANNOT_CHANGE_OWN_ROLE,
  CANNOT_DELETE_SELF,
  USER_EMAIL_TAKEN,
  newUserFields,
} from '../../domain/users';
import { MutationRejected } from '../local-store';
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

type PartFields = Omit<MutationArgs<'part.add'>, 'id'>;
type TrainingFields = Omit<MutationArgs<'training.add'>, 'id'>;

/** Optional fields left out of the args keep their stored values (none when adding). */
function kept<T>(given: boolean, value: T | null | undefined, stored: T | null): T | null {
  return given ? (value ?? null) : stored;
}

function partFields(fields: PartFields, stored: Part | null) {
  return {
    name: fields.name,
    partCode: kept('partCode' in fields, fields.partCode, stored?.partCode ?? null),
    model: kept('model' in fields, fields.model, stored?.model ?? null),
    diagramUrl: kept('diagramUrl' in fields, fields.diagramUrl, stored?.diagramUrl ?? null),
    price: roundPrice(fields.price),
    stock: fields.stock,
  };
}

function trainingFields(fields: TrainingFields, stored: TrainingResource | null) {
  return {
    title: fields.title,
    type: fields.type,
    url: kept('url' in fields, fields.url, stored?.url ?? null),
    content: kept('content' in fields, fields.content, stored?.content ?? null),
  };
}

export const adminEffects: EffectMap<AdminMutation> = {
  'user.create': async (store, args, { now }) => {
    // The admin's mirror holds every live user: an e-mail in use is refused before it is queued
    // (issue 29), never 'created' and refused a moment later; the server checks again.
    const sameEmail = await store.where('users', 'email', args.email.trim().toLowerCase());
    if (sameEmail.some((u) => u.id !== args.id && !u.deletedAt)) {
      throw new MutationRejected('conflict', USER_EMAIL_TAKEN);
    }
    await store.put('users', {
      id: args.id,
      ...newUserFields(args),
      profilePictureUrl: null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
  },

  'user.delete': async (store, { userId }, ctx) => {
    if (userId === ctx.userId) throw new MutationRejected('validation', CANNOT_DELETE_SELF);
    await store.remove('users', userId);
  },

  'user.setRole': async (store, { userId, role }, ctx) => {
    if (userId === ctx.userId) throw new MutationRejected('validation', CANNOT_CHANGE_OWN_ROLE);
    const user = await store.get('users', userId);
    if (user) await store.put('users', { ...user, role });
  },

  'chair.add': async (store, args, { now }) => {
    // The admin's mirror holds every chair; the server also catches a serial differing in case.
    const taken = await store.where('chairs', 'serialNumber', args.serialNumber);
    if (taken.some((chair) => chair.id !== args.id)) {
      throw new MutationRejected('conflict', SERIAL_ALREADY_EXISTS);
    }
    await store.put('chairs', {
      id: args.id,
      serialNumber: args.serialNumber,
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
    if (!chair) return;
    if (!canReassignOwner(chair.status)) {
      throw new MutationRejected('conflict', ONLY_REGISTERED_REASSIGNED);
    }
    await store.put('chairs', { ...chair, ownerUserId });
  },

  'part.add': async (store, { id, ...fields }, { now }) => {
    await store.put('parts', {
      id,
      ...partFields(fields, null),
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
  },

  'part.update': async (store, { partId, ...fields }) => {
    const part = await store.get('parts', partId);
    if (!part) return;
    await store.put('parts', { ...part, ...partFields(fields, part) });
  },

  'part.delete': async (store, { partId }) => {
    await store.remove('parts', partId);
  },

  'training.add': async (store, { id, ...fields }, { now }) => {
    await store.put('trainingResources', {
      id,
      ...trainingFields(fields, null),
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
  },

  'training.update': async (store, { trainingId, ...fields }) => {
    const resource = await store.get('trainingResources', trainingId);
    if (!resource) return;
    await store.put('trainingResources', { ...resource, ...trainingFields(fields, resource) });
  },

  'training.delete': async (store, { trainingId }) => {
    await store.remove('trainingResources', trainingId);
  },
};
