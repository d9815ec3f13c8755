/** Local (optimistic) effects of the service-request mutations (SPEC §4 Service request). */
import { MutationRejected } from '../local-store';
import { nameOf, type EffectMap } from './context';

type ServiceRequestMutation =
  | 'serviceRequest.create'
  | 'serviceRequest.take'
  | 'serviceRequest.assign'
  | 'serviceRequest.schedule'
  | 'serviceRequest.cancel'
  | 'serviceRequest.complete';

const CLOSED = new Set(['CANCELLED', 'COMPLETED']);

export const serviceRequestEffects: EffectMap<ServiceRequestMutation> = {
  'serviceRequest.create': async (store, args, { userId, now }) => {
    await store.put('serviceRequests', {
      id: args.id,
      customerUserId: userId,
      chairId: args.chairId,
      preferredDate: args.preferredDate,
      preferredTime: args.preferredTime,
      notes: args.notes?.trim() || null,
      status: 'PENDING',
      scheduledDate: null,
      scheduledTime: null,
      duration: null,
      location: null,
      engineerUserId: null,
      confirmedAt: null,
      cancellationReason: null,
      createdAt: now,
      updatedAt: now,
    });
  },

  'serviceRequest.take': async (store, { serviceRequestId }, { userId, now }) => {
    const request = await store.get('serviceRequests', serviceRequestId);
    if (!request) return;
    if (request.engineerUserId && request.engineerUserId !== userId) {
      const name = await nameOf(store, request.engineerUserId);
      throw new MutationRejected(
        'conflict',
        `This service request has already been taken by ${name}`,
      );
    }
    if (CLOSED.has(request.status)) {
      throw new MutationRejected('conflict', 'This service request is closed');
    }
    await store.put('serviceRequests', {
      ...request,
      engineerUserId: userId,
      status: 'SCHEDULED',
      scheduledDate: request.preferredDate,
      scheduledTime: request.preferredTime,
      confirmedAt: now,
    });
  },

  'serviceRequest.assign': async (store, { serviceRequestId, engineerUserId }, { now }) => {
    const request = await store.get('serviceRequests', serviceRequestId);
    if (!request || CLOSED.has(request.status)) return;
    const copy = Boolean(request.preferredDate && request.preferredTime);
    await store.put('serviceRequests', {
      ...request,
      engineerUserId,
      status: 'SCHEDULED',
      scheduledDate: copy ? request.preferredDate : request.scheduledDate,
      scheduledTime: copy ? request.preferredTime : request.scheduledTime,
      confirmedAt: now,
    });
  },

  'serviceRequest.schedule': async (store, args, { now }) => {
    const request = await store.get('serviceRequests', args.serviceRequestId);
    if (!request || CLOSED.has(request.status)) return;
    await store.put('serviceRequests', {
      ...request,
      status: 'SCHEDULED',
      scheduledDate: args.scheduledDate,
      scheduledTime: args.scheduledTime,
      confirmedAt: now,
    });
  },

  'serviceRequest.cancel': async (store, { serviceRequestId, reason }) => {
    const request = await store.get('serviceRequests', serviceRequestId);
    if (!request || request.status === 'COMPLETED') return;
    await store.put('serviceRequests', {
      ...request,
      status: 'CANCELLED',
      cancellationReason: reason,
    });
  },

  'serviceRequest.complete': async (store, { serviceRequestId }) => {
    const request = await store.get('serviceRequests', serviceRequestId);
    if (request?.status === 'SCHEDULED') {
      await store.put('serviceRequests', { ...request, status: 'COMPLETED' });
    }
  },
};
