import { describe, expect, it } from 'vitest';
import type { PartRequestStatus } from './entities';
import {
  PART_REQUEST_TARGETS,
  partRequestMovedMessage,
  partRequestTransitionRefusal,
} from './part-request-lifecycle';

const allowed: [PartRequestStatus, string][] = [
  ['PENDING', 'QUOTED'],
  ['PENDING', 'CANCELLED'],
  ['QUOTED', 'ORDERED'],
  ['QUOTED', 'CANCELLED'],
  ['ORDERED', 'FULFILLED'],
  ['ORDERED', 'CANCELLED'],
];
const FROM: PartRequestStatus[] = ['PENDING', 'QUOTED', 'ORDERED', 'FULFILLED', 'CANCELLED'];

describe('part request lifecycle', () => {
  it('allows exactly PENDING → QUOTED → ORDERED → FULFILLED and CANCELLED before FULFILLED', () => {
    for (const from of FROM) {
      for (const to of PART_REQUEST_TARGETS) {
        const ok = allowed.some(([f, t]) => f === from && t === to);
        expect(partRequestTransitionRefusal(from, to) === null, `${from} → ${to}`).toBe(ok);
      }
    }
  });

  it('says why a move is refused', () => {
    expect(partRequestTransitionRefusal('PENDING', 'ORDERED')).toBe(
      'A pending part request cannot be marked ordered',
    );
    expect(partRequestTransitionRefusal('PENDING', 'FULFILLED')).toBe(
      'A pending part request cannot be marked fulfilled',
    );
    expect(partRequestTransitionRefusal('FULFILLED', 'CANCELLED')).toBe(
      'This part request is already fulfilled',
    );
    expect(partRequestTransitionRefusal('CANCELLED', 'QUOTED')).toBe(
      'This part request is already cancelled',
    );
    expect(partRequestTransitionRefusal('QUOTED', 'QUOTED')).toBe(
      'This part request is already quoted',
    );
  });

  it('announces a move', () => {
    expect(partRequestMovedMessage('QUOTED')).toBe('Part request marked as quoted');
    expect(partRequestMovedMessage('CANCELLED')).toBe('Part request cancelled');
  });
});
