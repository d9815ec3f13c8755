// The generated data set in two steps, for the benches that measure a screen at a tenth of the
// set and then at full size on one backend: a tenth first, then the other nine tenths on top
// (another seed, so other ids). Together: 10k chairs, 50k tickets, 20k service requests, 2k parts.
import type { LargeDataSetOptions } from '../../../server/seed/generate';

export const TENTH_STEP: LargeDataSetOptions = {
  chairs: 1_000,
  tickets: 5_000,
  serviceRequests: 2_000,
  parts: 200,
  customers: 200,
  engineers: 5,
  seed: 7,
};

export const NINE_TENTHS_STEP: LargeDataSetOptions = {
  chairs: 9_000,
  tickets: 45_000,
  serviceRequests: 18_000,
  parts: 1_800,
  customers: 1_800,
  engineers: 45,
  seed: 8,
};
