// The schedule board's words (issue 45): how a piece of work and a cell are named, and what a
// screen reader hears while work is moved (picked up, over a cell with its verdict, dropped,
// cancelled). Pure; the screen hands these to @dnd-kit's announcements and its own toasts.
import { formatTime12h } from './certification';
import { displayId, formatDate } from './format';
import { customerLabel } from './labels';
import type { DropTarget, DropVerdict } from './schedule-drop';
import type { QueueItem } from './schedule-queue';
import { engineerLabel } from './vendor';

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

/** 'Thursday, Mar 5, 2026' for a 'YYYY-MM-DD' day. */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : `${weekday.format(date)}, ${formatDate(day)}`;
}

/** 'Ticket Chair will not rise', 'Service Request #1a2b3c4d for Riverside Dental'. */
export function workLabel(item: QueueItem): string {
  if (item.kind === 'ticket') return `Ticket ${item.ticket.title}`;
  if (item.kind === 'request') {
    return `Service Request #${displayId(item.request.id)} for ${customerLabel(item.customer)}`;
  }
  return `Chair ${item.chair.serialNumber} of ${customerLabel(item.customer)}`;
}

/** 'Ann Field, Thursday, Mar 5, 2026 at 10:00 AM' (the time only for a slot). */
export function cellLabel(target: DropTarget): string {
  const at = target.time ? ` at ${formatTime12h(target.time)}` : '';
  return `${engineerLabel(target.engineer)}, ${dayLabel(target.day)}${at}`;
}

/** The verdict in words: the refusal, the warnings, or that the drop is clear. */
export function verdictText(verdict: DropVerdict): string {
  if (verdict.refusal) return `Cannot drop here: ${verdict.refusal}.`;
  if (verdict.unchanged) return 'It is already here.';
  if (verdict.warnings.length === 0) return 'No warnings.';
  const count = verdict.warnings.length === 1 ? '1 warning' : `${verdict.warnings.length} warnings`;
  return `${count}: ${verdict.warnings.join('. ')}.`;
}

export const pickedUpText = (item: QueueItem) =>
  `Picked up ${workLabel(item)}. Use the arrow keys to move it to an engineer's day.`;

export const overText = (item: QueueItem, target: DropTarget, verdict: DropVerdict) =>
  `${workLabel(item)} is over ${cellLabel(target)}. ${verdictText(verdict)}`;

export const notOverText = (item: QueueItem) => `${workLabel(item)} is not over a cell.`;

/** What happened at the drop. */
export function droppedText(
  item: QueueItem,
  target: DropTarget | null,
  verdict: DropVerdict | null,
) {
  const work = workLabel(item);
  if (!target || !verdict) return `${work} was dropped outside the board. Nothing changed.`;
  if (verdict.refusal) return `${work} was not moved: ${verdict.refusal}.`;
  if (verdict.unchanged) return `${work} is already with ${cellLabel(target)}. Nothing changed.`;
  if (verdict.warnings.length > 0) {
    return `${work} is waiting for you to confirm the move to ${cellLabel(target)}.`;
  }
  return `${work} moved to ${cellLabel(target)}.`;
}

export const cancelledText = (item: QueueItem) =>
  `Move cancelled. ${workLabel(item)} is back where it was.`;

/** The success toast of a visit's move (SPEC §8 for an assignment, else the new slot). */
export function visitMovedToast(
  assigned: boolean,
  target: DropTarget,
  time: string,
): { title: string; description: string } {
  const when = `${dayLabel(target.day)} at ${formatTime12h(time)}`;
  return assigned
    ? {
        title: `Service request assigned to ${engineerLabel(target.engineer)}`,
        description: `Scheduled for ${when}`,
      }
    : { title: 'Service request rescheduled', description: `Now ${when}` };
}

/** The success toast of a due chair's visit booked by a drop (serviceRequest.book). */
export function visitBookedToast(
  item: Extract<QueueItem, { kind: 'chair' }>,
  target: DropTarget,
  time: string,
): { title: string; description: string } {
  return {
    title: `Service visit booked with ${engineerLabel(target.engineer)}`,
    description: `${workLabel(item)}: ${dayLabel(target.day)} at ${formatTime12h(time)}`,
  };
}
