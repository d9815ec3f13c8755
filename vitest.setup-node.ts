// Set-up of the unit tests that run in Node (*.test.ts): IndexedDB for Dexie, and jest-dom's
// matchers for the few that declare a DOM (`@vitest-environment jsdom`).
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { patientWaitFor } from './tests/setup/patience';

// As in vitest.setup.ts: one worker's packages serve every file, the project's own modules are
// evaluated afresh for each file.
vi.resetModules();
// vi.waitFor waits for a state up to 30 s, not 1 s (tests/setup/patience.ts).
patientWaitFor();
