/**
 * Local (optimistic) effect of the part request lifecycle (issue 16): an admin moves a request
 * PENDING → QUOTED → ORDERED → FULFILLED, or CANCELLED before FULFILLED. The rule is the domain's
 * (part-request-lifecycle.ts); part_request_set_status (SQL) enforces the same, and
 * tests/integration/mutation-parity.test.ts holds the two together.
 */
import { partRequestTransitionRefusal } from '../../domain/part-request-lifecycle';
import { MutationRejected } from '../local-store';
import type { EffectMap } from './context';

export const partRequestEffects: EffectMap<'partRequest.setStatus'> = {
  'partRequest.setStatus': async (store, { partRequestId, status }) => {
    const request = await store.get('partRequests', partRequestId);
    if (!request) throw new MutationRejected('not_found', 'Part request not found');
    const refusal = partRequestTransitionRefusal(request.status, status);
    if (refusal) throw new MutationRejected('conflict', refusal);
    await store.put('partRequests', { ...request, status });
  },
};
