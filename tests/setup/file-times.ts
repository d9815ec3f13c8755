// A reporter that ends a run with each test file's time, slowest first, for the projects named
// (vite.config.ts: the browser project's). vitest's default reporter prints a file's time as the
// file ends, among the others' lines and its tests'; a table at the end is where a file that
// became slower shows (issue 43: the browser phase is the suite's longest and varies by a third
// from hour to hour, so compare a file with itself and its neighbours, measured in one run).
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  /** Import, set-up, tests and hooks: what the file cost its worker. */
  ms: number;
  tests: number;
  state: string;
  /**
   * CPU-seconds the file cost its worker and the processes it started (Chromium's), when the
   * project records them (tests/setup/file-cpu.ts): unlike wall time, not stretched by other work
   * on the machine.
   */
  cpuSeconds?: number;
}

/** A file's time: its module's import and set-up, and its tests and hooks. */
export function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic();
  return {
    file: module.relativeModuleId,
    ms: d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
    tests: [...module.children.allTests()].length,
    state: module.state(),
    cpuSeconds: module.meta().cpuSeconds,
  };
}

/** The table printed at the end: one line a file, slowest first, and the files' sum. */
export function fileTimesTable(project: string, times: readonly FileTime[]): string {
  const sorted = [...times].sort((a, b) => b.ms - a.ms);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const width = Math.max(...sorted.map((t) => t.file.length));
  const withCpu = times.some((t) => t.cpuSeconds !== undefined);
  const cpu = (s: number | undefined) =>
    !withCpu ? '' : s === undefined ? '            ' : `${s.toFixed(1)} cpu-s`.padStart(12);
  const lines = sorted.map(
    (t) =>
      `  ${seconds(t.ms)}${cpu(t.cpuSeconds)}  ${t.file.padEnd(width)}  ${t.tests} tests` +
      (t.state === 'passed' ? '' : `  ${t.state}`),
  );
  const sum = times.reduce((total, t) => total + t.ms, 0);
  const cpuSum = times.reduce((total, t) => total + (t.cpuSeconds ?? 0), 0);
  return [
    `Time per file, ${project} (${times.length} files, slowest first${withCpu ? '; wall, then CPU-seconds of the worker and its Chromium' : ''}):`,
    ...lines,
    `  ${seconds(sum)}${cpu(withCpu ? cpuSum : undefined)}  in all (files side by side overlap: the run's own time is less)`,
  ].join('\n');
}

export default class FileTimes implements Reporter {
  private readonly projects: readonly string[];

  constructor(options: { projects?: readonly string[] } = {}) {
    this.projects = options.projects ?? [];
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    for (const project of this.projects) {
      const times = modules.filter((m) => m.project.name === project).map(fileTime);
      if (times.length > 0) process.stdout.write(`\n${fileTimesTable(project, times)}\n`);
    }
  }
}
