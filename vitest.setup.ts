import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor give a screen 5 s, not 1 s: on a busy 2-core CI machine a Chakra screen with
// 70 checkboxes can take longer than a second to settle. Only the patience changes, not the checks.
configure({ asyncUtilTimeout: 5_000 });

// The unit projects reuse one worker's environment and packages across files (isolate: false);
// the project's own modules are evaluated afresh for each file, so module state (stores, caches,
// a lazy component already resolved, a vi.mock) never carries from one file to the next.
vi.resetModules();

afterEach(() => {
  cleanup();
});
