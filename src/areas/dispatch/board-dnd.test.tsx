// Which cell is under the work (board-dnd.ts): a cell scrolled out of the board's region has its
// box beside the region (at 1440 px, under the queue), and is under nothing, for the pointer and
// for the keyboard alike.
import type { ClientRect, DroppableContainer } from '@dnd-kit/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cellUnderWork } from './board-dnd';

type Args = Parameters<typeof cellUnderWork>[0];

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

/** A region of `size` holding two cells: one inside it, one scrolled out to its right. */
function board(size: { width: number; height: number }) {
  const region = document.createElement('div');
  region.setAttribute('role', 'region');
  vi.spyOn(region, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, ...size }),
  );
  const container = (id: string): DroppableContainer => {
    const node = document.createElement('div');
    region.append(node);
    return {
      id,
      key: id,
      data: { current: undefined },
      disabled: false,
      node: { current: node },
      rect: { current: null },
    };
  };
  const containers = [container('shown'), container('hidden')];
  const rects = new Map([
    ['shown', rect(100, 0, 100, 100)],
    ['hidden', rect(600, 0, 100, 100)],
  ]);
  const under = (point: { x: number; y: number }, by: 'pointer' | 'keyboard') =>
    cellUnderWork({
      active: { id: 'work' },
      collisionRect: rect(point.x - 10, point.y - 10, 20, 20),
      droppableRects: rects,
      droppableContainers: containers,
      pointerCoordinates: by === 'pointer' ? point : null,
    } as unknown as Args).map((collision) => collision.id);
  return { under };
}

describe('the cell under the work', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a cell the region shows, for the pointer and the keyboard', () => {
    const { under } = board({ width: 500, height: 300 });
    expect(under({ x: 150, y: 50 }, 'pointer')).toEqual(['shown']);
    expect(under({ x: 150, y: 50 }, 'keyboard')).toEqual(['shown']);
  });

  it('is none where a cell is scrolled out of the region', () => {
    const { under } = board({ width: 500, height: 300 });
    expect(under({ x: 650, y: 50 }, 'pointer')).toEqual([]);
    expect(under({ x: 650, y: 50 }, 'keyboard')).toEqual([]);
  });

  it('clips nothing when the region has no size (nothing laid out)', () => {
    const { under } = board({ width: 0, height: 0 });
    expect(under({ x: 650, y: 50 }, 'pointer')).toEqual(['hidden']);
    expect(under({ x: 650, y: 50 }, 'keyboard')).toEqual(['hidden']);
  });
});
