/**
 * What a screen reader hears while work is moved on the schedule board, in words (the domain's,
 * schedule-words.ts): what was picked up, which cell it is over with the verdict there, what the
 * drop did, and a cancel. And the drag's state for the screen: the work lifted and the cell under
 * it with its verdict, so the cell shows the warnings before the drop.
 */
import type {
  Active,
  Announcements,
  DragEndEvent,
  DragOverEvent,
  DragStartEvent,
  Over,
} from '@dnd-kit/core';
import { useState } from 'react';
import type { DropTarget, DropVerdict } from '../../domain/schedule-drop';
import type { QueueItem } from '../../domain/schedule-queue';
import {
  cancelledText,
  droppedText,
  notOverText,
  overText,
  pickedUpText,
} from '../../domain/schedule-words';

type VerdictOf = (item: QueueItem, target: DropTarget) => DropVerdict;

// The board puts a QueueItem on every draggable and a DropTarget on every cell.
const itemOf = (active: Active) => active.data.current as QueueItem | undefined;
const targetOf = (over: Over | null) => (over?.data.current as DropTarget | undefined) ?? null;

export function boardAnnouncements(verdictOf: VerdictOf): Announcements {
  const overWords = (active: Active, over: Over | null) => {
    const item = itemOf(active);
    const target = targetOf(over);
    if (!item) return undefined;
    return target ? overText(item, target, verdictOf(item, target)) : notOverText(item);
  };
  // Work picked up in a cell is over that cell at once; said then, it would replace 'Picked up'
  // in the live region before a screen reader read it. So 'over' its own place is said only
  // once the work has been somewhere else (in the browser the first 'over' event of a drag is
  // not always its own cell's: a flag for the first event alone let it through).
  let awayFromOrigin = false;
  return {
    onDragStart: ({ active }) => {
      const item = itemOf(active);
      awayFromOrigin = false;
      return item ? pickedUpText(item) : undefined;
    },
    onDragOver: ({ active, over }) => {
      const item = itemOf(active);
      const target = targetOf(over);
      if (item && target && verdictOf(item, target).unchanged && !awayFromOrigin) return undefined;
      if (target) awayFromOrigin = true;
      return overWords(active, over);
    },
    onDragMove: () => undefined,
    onDragEnd: ({ active, over }) => {
      const item = itemOf(active);
      const target = targetOf(over);
      return item ? droppedText(item, target, target ? verdictOf(item, target) : null) : undefined;
    },
    onDragCancel: ({ active }) => {
      const item = itemOf(active);
      return item ? cancelledText(item) : undefined;
    },
  };
}

export function useBoardDrag(moves: {
  verdictOf: VerdictOf;
  drop: (item: QueueItem, target: DropTarget) => DropVerdict;
}) {
  const [active, setActive] = useState<QueueItem | null>(null);
  const [over, setOver] = useState<{ id: string; verdict: DropVerdict } | null>(null);
  const clear = () => {
    setActive(null);
    setOver(null);
  };
  const handlers = {
    onDragStart: ({ active: a }: DragStartEvent) => setActive(itemOf(a) ?? null),
    onDragOver: ({ active: a, over: o }: DragOverEvent) => {
      const item = itemOf(a);
      const target = targetOf(o);
      setOver(
        item && target && o ? { id: String(o.id), verdict: moves.verdictOf(item, target) } : null,
      );
    },
    onDragEnd: ({ active: a, over: o }: DragEndEvent) => {
      const item = itemOf(a);
      const target = targetOf(o);
      clear();
      if (item && target) moves.drop(item, target);
    },
    onDragCancel: clear,
  };
  return { active, over, handlers };
}
