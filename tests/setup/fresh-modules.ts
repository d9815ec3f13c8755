// Set-up of the integration and browser projects, which reuse one worker's packages across files
// (isolate: false): the project's own modules are evaluated afresh for each file, so module state
// (a server's caches, a lazy import already resolved) never carries from one file to the next.
import { vi } from 'vitest';
import { patientWaitFor } from './patience';

vi.resetModules();
// vi.waitFor waits for a state up to 30 s, not 1 s (patience.ts).
patientWaitFor();
