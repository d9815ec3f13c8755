import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { STATE_PATIENCE_MS, patientWaitFor } from './tests/setup/patience';

// findBy*/waitFor and vi.waitFor wait for a state up to 30 s, not 1 s: beside a build on a busy
// 2-core machine a Chakra screen of 70 tickets took 7 s to draw (tests/setup/patience.ts). Only the
// patience changes, not the checks.
configure({ asyncUtilTimeout: STATE_PATIENCE_MS });
patientWaitFor();

// The unit projects reuse one worker's environment and packages across files (isolate: false);
// the project's own modules are evaluated afresh for each file, so module state (stores, caches,
// a lazy component already resolved, a vi.mock) never carries from one file to the next.
vi.resetModules();

afterEach(() => {
  cleanup();
});
