// Set-up of the browser project: each file's CPU-seconds (its worker's process and the Chromium
// it started, from /proc: tests/setup/cpu-time.ts) on the file's task, for the file-times
// reporter's table. Registered before the file's own hooks, so its afterAll runs after theirs
// (hooks after run in reverse order): the browser closed and all of it counted.
import { afterAll, beforeAll } from 'vitest';
import { CpuMeter } from './cpu-time';

declare module 'vitest' {
  interface TaskMeta {
    /** CPU-seconds the file cost: its worker and every process it started (cpu-time.ts). */
    cpuSeconds?: number;
  }
}

let meter: CpuMeter | null = null;
beforeAll(() => {
  meter = new CpuMeter().run();
});
// vitest reads a hook's first parameter for the fixtures it uses: none here, the file is the second.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  const seconds = meter?.seconds() ?? null;
  meter?.stop();
  if (seconds !== null) file.meta.cpuSeconds = Math.round(seconds * 10) / 10;
});
