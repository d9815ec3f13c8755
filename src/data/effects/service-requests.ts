/**
 * Local (optimistic) effects of the service-request mutations (SPEC §4 Service request). The
 * transitions are the domain's (domain/service-requests.ts); tests/integration/mutation-parity.test.ts
 * holds them to the server's.
 */
import { PREFERRED_DATE_IN_PAST, isPreferredDateAllowed } from '../../domain/appointments';
import { CHAIR_NOT_FOUND } from '../../domain/refusals';
import { SERVICE_TIME_SLOTS } from '../../domain/customer-chairs';
import {
  COMPLETED_CANNOT_BE_CANCELLED,
  ENGINEER_NOT_FOUND,
  appointmentOnAssign,
  bookingChairRefusal,
  bookingTimeRefusal,
  appointmentOnTake,
  cancellationReason,
  completeRefusal,
  requestAssignRefusal,
  requestTakenMessage,
} from '../../domain/service-requests';
import type { ServiceRequest } from '../../domain/entities';
import { MutationRejected } from '../local-store';
import { nameOf, type EffectMap } from './context';

type ServiceRequestMutation =
  | 'serviceRequest.create'
  | 'serviceRequest.take'
  | 'serviceRequest.assign'
  | 'serviceRequest.schedule'
  | 'serviceRequest.cancel'
  | 'serviceRequest.complete'
  | 'serviceRequest.book';

function requireOpen(request: ServiceRequest): void {
  const refusal = requestAssignRefusal(request);
  if (refusal) throw new MutationRejected('conflict', refusal);
}

export const serviceRequestEffects: EffectMap<ServiceRequestMutation> = {
  'serviceRequest.create': async (store, args, { userId, now }) => {
    // "Today" is the UTC day of the mutation, as the server's current_date.
    if (!isPreferredDateAllowed(args.preferredDate, now.slice(0, 10))) {
      throw new MutationRejected('validation', PREFERRED_DATE_IN_PAST);
    }
    const chair = await store.get('chairs', args.chairId);
    if (chair?.ownerUserId !== userId) throw new MutationRejected('not_found', CHAIR_NOT_FOUND);
    await store.put('serviceRequests', {
      id: args.id,
      customerUserId: userId,
      chairId: args.chairId,
      preferredDate: args.preferredDate,
      preferredTime: args.preferredTime,
      // Stored as typed; only a blank note means none.
      notes: args.notes?.trim() ? args.notes : null,
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
      throw new MutationRejected('conflict', requestTakenMessage(name));
    }
    requireOpen(request);
    if (request.engineerUserId === userId) return; // already mine: the goal holds
    await store.put('serviceRequests', {
      ...request,
      ...appointmentOnTake(request),
      engineerUserId: userId,
      status: 'SCHEDULED',
      confirmedAt: now,
    });
  },

  'serviceRequest.assign': async (store, { serviceRequestId, engineerUserId }, { now }) => {
    const request = await store.get('serviceRequests', serviceRequestId);
    if (!request) return;
    requireOpen(request);
    await store.put('serviceRequests', {
      ...request,
      ...appointmentOnAssign(request),
      engineerUserId,
      status: 'SCHEDULED',
      confirmedAt: now,
    });
  },

  'serviceRequest.schedule': async (store, args, { now }) => {
    const request = await store.get('serviceRequests', args.serviceRequestId);
    if (!request) return;
    requireOpen(request);
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
    if (!request || request.status === 'CANCELLED') return; // already cancelled: the goal holds
    if (request.status === 'COMPLETED') {
      throw new MutationRejected('conflict', COMPLETED_CANNOT_BE_CANCELLED);
    }
    await store.put('serviceRequests', {
      ...request,
      status: 'CANCELLED',
      cancellationReason: cancellationReason(reason),
    });
  },

  // The server's order of checks: the day and slot, the engineer, then the chair.
  'serviceRequest.book': async (store, args, { now }) => {
    // "Today" is the UTC day of the mutation, as the server's current_date.
    const timeRefusal = bookingTimeRefusal(
      args.scheduledDate,
      args.scheduledTime,
      now.slice(0, 10),
      SERVICE_TIME_SLOTS,
    );
    if (timeRefusal) throw new MutationRejected('validation', timeRefusal);
    const engineer = await store.get('users', args.engineerUserId);
    if (engineer?.role !== 'ENGINEER' || engineer.deletedAt) {
      throw new MutationRejected('validation', ENGINEER_NOT_FOUND);
    }
    const chair = await store.get('chairs', args.chairId);
    // Not on this device: the server knows the owner and decides.
    if (!chair) return;
    const requests = await store.where('serviceRequests', 'chairId', chair.id);
    const chairRefusal = bookingChairRefusal(chair, requests, args.id);
    if (chairRefusal) throw new MutationRejected('conflict', chairRefusal);
    await store.put('serviceRequests', {
      id: args.id,
      customerUserId: chair.ownerUserId,
      chairId: chair.id,
      preferredDate: null,
      preferredTime: null,
      notes: args.notes?.trim() ? args.notes : null,
      status: 'SCHEDULED',
      scheduledDate: args.scheduledDate,
      scheduledTime: args.scheduledTime,
      duration: null,
      location: null,
      engineerUserId: args.engineerUserId,
      confirmedAt: now,
      cancellationReason: null,
      createdAt: now,
      updatedAt: now,
    });
  },

  'serviceRequest.complete': async (store, { serviceRequestId }) => {
    const request = await store.get('serviceRequests', serviceRequestId);
    if (!request) return;
    const refusal = completeRefusal(request.status);
    if (refusal) throw new MutationRejected('conflict', refusal);
    await store.put('serviceRequests', { ...request, status: 'COMPLETED' });
  },
};
