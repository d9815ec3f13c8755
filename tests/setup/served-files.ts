// Set-up of the browser project, after fresh-modules.ts: the built app's files are read and
// compressed once per worker, not once per test file. server/static.ts keeps each file it served,
// with its compressed forms, in a cache meant to be the process's (read again when the file
// changes on disk: a rebuild is seen), and redoes each served file's brotli at brotli's best
// quality in the background: 8.6 CPU-seconds for the whole build on this machine kind, which
// vi.resetModules made every browser file pay again (its first context's sign-in cost 19
// CPU-seconds, the next ones 8). The worker's first file loads the module; each later file gets
// that same module (and cache), every other module of the project still evaluated afresh.
import { vi } from 'vitest';
import type * as Static from '../../server/static';

type StaticModule = typeof Static;
const worker = globalThis as { __chairsideServedFiles?: StaticModule };

if (worker.__chairsideServedFiles) {
  const kept = worker.__chairsideServedFiles;
  vi.doMock('../../server/static', () => kept);
} else {
  worker.__chairsideServedFiles = await import('../../server/static');
}
