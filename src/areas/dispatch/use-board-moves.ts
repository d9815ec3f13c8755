/**
 * What a drop on the schedule board does: the verdict (src/domain/schedule-drop.ts) decides, a
 * rule's refusal is said and nothing is written, warnings wait for the dispatcher's confirmation,
 * and a clear drop writes at once through `useAction`, as Ticket and Service Assignment write:
 * `ticket.assign`, or `serviceRequest.assign` (when the engineer changes) then
 * `serviceRequest.schedule` with the cell's day and time, or for a due chair
 * `serviceRequest.book` (a new request of its owner's, assigned and scheduled in one change). Each
 * is a local change and an outbox entry, so a move works offline and is applied once; a move the
 * server refuses later is put back by the mirror (the rebase restores the server's row) and told
 * by the sync indicator.
 */
import { useCallback, useState } from 'react';
import { toaster } from '../../components/toaster';
import { useAction } from '../../data/use-action';
import {
  checkDrop,
  type DropContext,
  type DropTarget,
  type DropVerdict,
} from '../../domain/schedule-drop';
import type { QueueItem } from '../../domain/schedule-queue';
import { visitBookedToast, visitMovedToast } from '../../domain/schedule-words';
import { INSPECTION_NOTES } from '../../domain/service-requests';
import { engineerLabel } from '../../domain/vendor';

export interface PendingMove {
  item: QueueItem;
  target: DropTarget;
  verdict: DropVerdict;
}

export function useBoardMoves(contextOf: (engineerId: string) => DropContext) {
  const { run, busy } = useAction();
  const [pending, setPending] = useState<PendingMove | null>(null);

  const verdictOf = useCallback(
    (item: QueueItem, target: DropTarget) => checkDrop(item, target, contextOf(target.engineer.id)),
    [contextOf],
  );

  const write = useCallback(
    async ({ item, target, verdict }: PendingMove): Promise<boolean> => {
      const engineerUserId = target.engineer.id;
      if (item.kind === 'ticket') {
        return run(
          'ticket.assign',
          { ticketId: item.ticket.id, engineerUserId },
          {
            success: { title: `Ticket assigned to ${engineerLabel(target.engineer)}` },
            failure: 'Failed to assign ticket',
          },
        );
      }
      if (!verdict.time) return false;
      if (item.kind === 'chair') {
        return run(
          'serviceRequest.book',
          {
            id: crypto.randomUUID(),
            chairId: item.chair.id,
            engineerUserId,
            scheduledDate: target.day,
            scheduledTime: verdict.time,
            notes: INSPECTION_NOTES,
          },
          {
            success: visitBookedToast(item, target, verdict.time),
            failure: 'Failed to book service visit',
          },
        );
      }
      const serviceRequestId = item.request.id;
      const assigned = item.request.engineerUserId !== engineerUserId;
      if (assigned) {
        const ok = await run(
          'serviceRequest.assign',
          { serviceRequestId, engineerUserId },
          { failure: 'Failed to assign service request' },
        );
        if (!ok) return false;
      }
      return run(
        'serviceRequest.schedule',
        { serviceRequestId, scheduledDate: target.day, scheduledTime: verdict.time },
        {
          success: visitMovedToast(assigned, target, verdict.time),
          failure: 'Failed to schedule service request',
        },
      );
    },
    [run],
  );

  /** A drop: refused (said in words), held for confirmation, or written. */
  const drop = useCallback(
    (item: QueueItem, target: DropTarget) => {
      const verdict = verdictOf(item, target);
      if (verdict.refusal) {
        toaster.create({ type: 'error', title: verdict.refusal });
        return verdict;
      }
      if (verdict.unchanged) return verdict;
      if (verdict.warnings.length > 0) setPending({ item, target, verdict });
      else void write({ item, target, verdict });
      return verdict;
    },
    [verdictOf, write],
  );

  const confirm = useCallback(async () => {
    if (!pending) return;
    await write(pending);
    setPending(null);
  }, [pending, write]);

  return { verdictOf, drop, pending, confirm, cancel: () => setPending(null), busy };
}
