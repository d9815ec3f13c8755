import { describe, expect, it } from 'vitest';
import { LIGHTHOUSE_DEFAULT_SLOWDOWN, slowdownFor } from './cpu-slowdown';

describe('the CPU slowdown for a host of a given benchmarkIndex', () => {
  it('gives the guide’s points: 2,000 → 6×, 1,300 → 3×, 800 → 2×, 150 → 1×', () => {
    expect(slowdownFor(2000)).toBe(6);
    expect(slowdownFor(1300)).toBe(3);
    expect(slowdownFor(800)).toBe(2);
    expect(slowdownFor(150)).toBe(1);
  });

  it('is Lighthouse’s own 4× for the host it assumes (about 1,533)', () => {
    expect(slowdownFor(1533)).toBe(LIGHTHOUSE_DEFAULT_SLOWDOWN);
  });

  it('is linear on each side of a piece’s start, and continuous across it', () => {
    expect(slowdownFor(1299)).toBeCloseTo(3, 1);
    expect(slowdownFor(1050)).toBe(2.5);
    expect(slowdownFor(799)).toBeCloseTo(2, 1);
    expect(slowdownFor(475)).toBe(1.5);
  });

  it('never speeds a host slower than the reference phone up, and has nothing for no index', () => {
    expect(slowdownFor(149)).toBe(1);
    expect(slowdownFor(0)).toBe(1);
    expect(slowdownFor(Number.NaN)).toBeNaN();
  });
});
