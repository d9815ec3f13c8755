import { describe, expect, it } from 'vitest';
import { fileTimesTable } from './file-times';

describe('fileTimesTable', () => {
  it("lists each file's time, slowest first, with its tests, a state other than passed, and the sum", () => {
    const table = fileTimesTable('e2e', [
      { file: 'tests/e2e/shell.test.ts', ms: 12_340, tests: 4, state: 'passed' },
      { file: 'tests/e2e/a11y-admin.test.ts', ms: 61_060, tests: 2, state: 'passed' },
      { file: 'tests/e2e/faults.test.ts', ms: 45_000, tests: 7, state: 'failed' },
    ]);
    expect(table.split('\n')).toEqual([
      'Time per file, e2e (3 files, slowest first):',
      '    61.1 s  tests/e2e/a11y-admin.test.ts  2 tests',
      '    45.0 s  tests/e2e/faults.test.ts      7 tests  failed',
      '    12.3 s  tests/e2e/shell.test.ts       4 tests',
      "   118.4 s  in all (files side by side overlap: the run's own time is less)",
    ]);
  });

  it("adds each file's CPU-seconds and their sum when the project records them", () => {
    const table = fileTimesTable('e2e', [
      { file: 'tests/e2e/shell.test.ts', ms: 12_340, tests: 4, state: 'passed', cpuSeconds: 20.5 },
      { file: 'tests/e2e/pwa.test.ts', ms: 9_000, tests: 5, state: 'passed' },
    ]);
    expect(table.split('\n')).toEqual([
      'Time per file, e2e (2 files, slowest first; wall, then CPU-seconds of the worker and its Chromium):',
      '    12.3 s  20.5 cpu-s  tests/e2e/shell.test.ts  4 tests',
      '     9.0 s              tests/e2e/pwa.test.ts    5 tests',
      "    21.3 s  20.5 cpu-s  in all (files side by side overlap: the run's own time is less)",
    ]);
  });
});
