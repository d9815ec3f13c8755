/**
 * How the schedule board's drag and drop finds its targets (@dnd-kit/core): the sensors (a
 * pointer after 5 px, so a click is still a click; the keyboard picks up and drops with Space or
 * Enter, cancels with Escape, never drops on Tab), a keyboard move that jumps from cell to cell
 * in the arrow's direction (dnd-kit's default moves 25 px, which across a table of cells lands
 * nowhere in particular), and which cell is under the work: the pointer's, or for the keyboard
 * the cell holding the moved chip's centre, so picking up in the queue is over nothing yet; a
 * cell scrolled out of the board's region is under nothing.
 */
import {
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type ClientRect,
  type CollisionDetection,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';

const centre = (rect: ClientRect) => ({
  x: rect.left + rect.width / 2,
  y: rect.top + rect.height / 2,
});

const DIRECTIONS: Record<string, { x: number; y: number }> = {
  [KeyboardCode.Right]: { x: 1, y: 0 },
  [KeyboardCode.Left]: { x: -1, y: 0 },
  [KeyboardCode.Down]: { x: 0, y: 1 },
  [KeyboardCode.Up]: { x: 0, y: -1 },
};

/** The next cell in the arrow's direction: the nearest ahead, keeping to the row or column. */
export const cellToCell: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const direction = DIRECTIONS[event.code];
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!direction || !collisionRect) return undefined;
  event.preventDefault();
  const from = centre(collisionRect);
  let best: { x: number; y: number; score: number } | null = null;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const to = centre(rect);
    const ahead = (to.x - from.x) * direction.x + (to.y - from.y) * direction.y;
    if (ahead <= 1) continue;
    const aside = direction.x ? Math.abs(to.y - from.y) : Math.abs(to.x - from.x);
    const score = ahead + aside * 4;
    if (!best || score < best.score) best = { ...to, score };
  }
  if (!best) return currentCoordinates;
  return { x: currentCoordinates.x + best.x - from.x, y: currentCoordinates.y + best.y - from.y };
};

/**
 * Whether `point` is in the visible part of the board's scrolling region that holds the cell. A
 * cell scrolled out of it still has its box beside the region, under the queue at 1440 px: work
 * picked up in the queue by keyboard was 'over' a day no one could see, and a drop there moved it.
 * A region with no size (nothing laid out, as in jsdom) clips nothing.
 */
function visibleAt(
  container: DroppableContainer | undefined,
  point: { x: number; y: number },
): boolean {
  const region = container?.node.current?.closest('[role="region"]');
  if (!region) return true;
  const box = region.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return true;
  return point.x >= box.left && point.x <= box.right && point.y >= box.top && point.y <= box.bottom;
}

/** The pointer's cell; for the keyboard, the cell holding the chip's centre; a visible one. */
export const cellUnderWork: CollisionDetection = (args) => {
  const pointer = args.pointerCoordinates;
  if (pointer) {
    return pointerWithin(args).filter((collision) =>
      visibleAt(collision.data?.droppableContainer as DroppableContainer | undefined, pointer),
    );
  }
  const point = centre(args.collisionRect);
  return args.droppableContainers.flatMap((container) => {
    const rect = args.droppableRects.get(container.id);
    const inside =
      rect &&
      point.x >= rect.left &&
      point.x <= rect.left + rect.width &&
      point.y >= rect.top &&
      point.y <= rect.top + rect.height &&
      visibleAt(container, point);
    return inside ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : [];
  });
};

export function useBoardSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: cellToCell,
      keyboardCodes: {
        start: [KeyboardCode.Space, KeyboardCode.Enter],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );
}

/** What screen readers are told about a chip before it is picked up. */
export const BOARD_INSTRUCTIONS = {
  draggable:
    'To move this work, press Space or Enter to pick it up, use the arrow keys to move it to an ' +
    "engineer's day, then press Space or Enter to drop it, or Escape to cancel.",
};
