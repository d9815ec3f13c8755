// Lighthouse's CPU slowdown, set from the host (issue 46). Lighthouse's mobile preset slows the
// CPU 4× in its simulation, which assumes a host of a fast desktop's speed; on a slower host the
// same 4× emulates a phone slower than Lighthouse's reference device, and the score measures the
// host, not the app. Lighthouse measures the host itself (`benchmarkIndex`, in every report's
// environment) and its throttling guide maps that index to the slowdown that brings the host to the
// reference device: 2,000 → 6×, 1,300 → 3×, 800 → 2×, 150 → 1×, linear in between (the CPU
// throttling calculator the guide links to). The figures here are read from that guide; the
// code is this project's.
/** Pieces of the mapping: from this index up, `base`× plus one per `perStep` of index above it. */
const PIECES = [
  { from: 1300, base: 3, perStep: 233 },
  { from: 800, base: 2, perStep: 500 },
  { from: 150, base: 1, perStep: 650 },
] as const;

/** Lighthouse's own default for mobile: what a host of index about 1,533 needs. */
export const LIGHTHOUSE_DEFAULT_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes a host of `benchmarkIndex` emulate Lighthouse's reference phone;
 * 1× (no slowdown) on a host slower than that phone, NaN for no index.
 */
export function slowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex)) return Number.NaN;
  for (const piece of PIECES) {
    if (benchmarkIndex >= piece.from) {
      const slowdown = piece.base + (benchmarkIndex - piece.from) / piece.perStep;
      return Math.round(slowdown * 100) / 100;
    }
  }
  return 1;
}
