// Each bench file's output starts with the run's header (run-header.ts): the browser, the machine
// and its IndexedDB, so a figure copied from it is never compared with another build's.
import { beforeAll, inject } from 'vitest';

beforeAll(() => {
  console.log(`\n${inject('benchHeader')}\n`);
});
