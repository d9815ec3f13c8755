// Node side of the browser benches: what the page's main thread did while `run` ran, from a
// Chromium trace (DevTools protocol, Tracing domain, the 'toplevel' category: one event per task
// with its wall time and its thread's CPU time). A task's CPU time does not depend on how loaded
// the machine is; its wall time (what a PerformanceObserver 'longtask' reports) also counts the
// time the thread waited for a core, which on a shared machine is most of a long task.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * BENCH_TRACE_DIR=dir keeps each trace there (Chrome's trace format, for chrome://tracing or
 * Perfetto), with the categories that say what a task ran (scripts, GC, layout, paint, IndexedDB).
 */
const TRACE_DIR = process.env.BENCH_TRACE_DIR;
const DETAIL_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'IndexedDB',
];
let traceCount = 0;

export interface MainThreadFigures {
  /** Tasks the renderer's main thread ran meanwhile. */
  tasks: number;
  /** The most CPU time one task took, ms. */
  longestCpuMs: number;
  /** That task's wall time, ms. */
  longestCpuWallMs: number;
  /** The longest task by wall time, ms, and its CPU time. */
  longestWallMs: number;
  longestWallCpuMs: number;
  /** Tasks of 50 ms or more CPU time. */
  over50CpuMs: number;
  /** Main-thread CPU time of all the tasks, ms. */
  cpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/** One key typed: from the task that handled its keydown to the end of the frame that painted it. */
export interface KeyFigures {
  /** Main-thread CPU time of every task in between, ms: the key's own work and what it waited behind. */
  cpuMs: number;
  wallMs: number;
}

const TASK = 'ThreadControllerImpl::RunTask';

/**
 * A task's CPU time, µs: its thread time, never more than its wall time. A few tasks in a long
 * trace carry a thread time far above their wall time (35 ms of CPU in 2 ms, IndexedDB replies
 * on this VM), which one thread cannot spend: such a figure is the clock's, not the task's.
 */
const cpu = (e: TraceEvent): number => Math.min(e.tdur ?? 0, e.dur ?? 0);

/**
 * Runs `run` with the page traced; its result and the figures of the page's main thread (`after`:
 * of its tasks that started after the page's first performance.mark(`splitAt`), when asked).
 */
export async function traceMainThread<T>(
  page: Page,
  run: () => Promise<T>,
  /** keys: also each key's work to its paint (traces the timeline category too). */
  options: { keys?: boolean; splitAt?: string } = {},
): Promise<{
  result: T;
  main: MainThreadFigures;
  keys: KeyFigures[];
  after: MainThreadFigures | null;
}> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'toplevel',
        '__metadata',
        ...(TRACE_DIR ? DETAIL_CATEGORIES : options.keys ? ['devtools.timeline'] : []),
        ...(options.splitAt ? ['blink.user_timing'] : []),
      ],
    },
  });
  let result: T;
  try {
    result = await run();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  if (TRACE_DIR) {
    traceCount += 1;
    const file = path.join(TRACE_DIR, `trace-${process.pid}-${traceCount}.json`);
    await writeTrace(file, events);
    console.log(`trace kept in ${file}`);
  }
  const split = options.splitAt
    ? events.filter((e) => e.name === options.splitAt).sort((a, b) => a.ts - b.ts)[0]
    : undefined;
  return {
    result,
    main: mainThreadFigures(events),
    keys: options.keys ? keyToPaint(events) : [],
    after: split ? mainThreadFigures(events, split.ts) : null,
  };
}

/**
 * Writes a trace one event a line (still Chrome's JSON trace format): a first sync of the full set
 * yields more events than one JSON string may hold.
 */
async function writeTrace(file: string, events: readonly TraceEvent[]): Promise<void> {
  const out = createWriteStream(file);
  out.write('{"traceEvents":[\n');
  for (let i = 0; i < events.length; i += 1) {
    const line = `${i ? ',\n' : ''}${JSON.stringify(events[i])}`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end(']}\n');
  await once(out, 'finish');
}

/** The events of the busiest renderer main thread in a trace (the page's: the others idle). */
function pageMainThread(events: readonly TraceEvent[]): TraceEvent[] {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(thread)) continue;
    const list = byThread.get(thread);
    if (list) list.push(e);
    else byThread.set(thread, [e]);
  }
  const cpuOf = (list: TraceEvent[]) =>
    list.reduce((sum, e) => sum + (e.name === TASK ? cpu(e) : 0), 0);
  return [...byThread.values()].sort((a, b) => cpuOf(b) - cpuOf(a))[0] ?? [];
}

/** The figures of the page's main thread (of its tasks that started at `from` or later). */
export function mainThreadFigures(
  events: readonly TraceEvent[],
  from = Number.NEGATIVE_INFINITY,
): MainThreadFigures {
  const tasks = pageMainThread(events).filter((e) => e.name === TASK && e.ts >= from);
  const cpuOf = (list: TraceEvent[]) => list.reduce((sum, e) => sum + cpu(e), 0);
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const byCpu = tasks.reduce<TraceEvent | null>(
    (top, e) => (!top || cpu(e) > cpu(top) ? e : top),
    null,
  );
  const byWall = tasks.reduce<TraceEvent | null>(
    (top, e) => (!top || (e.dur ?? 0) > (top.dur ?? 0) ? e : top),
    null,
  );
  return {
    tasks: tasks.length,
    longestCpuMs: ms(byCpu ? cpu(byCpu) : 0),
    longestCpuWallMs: ms(byCpu?.dur),
    longestWallMs: ms(byWall?.dur),
    longestWallCpuMs: ms(byWall ? cpu(byWall) : 0),
    over50CpuMs: tasks.filter((e) => ms(cpu(e)) >= 50).length,
    cpuMs: ms(cpuOf(tasks)),
  };
}

/**
 * Each key typed (its keydown), from the start of the task that handled it to the end of the
 * first frame painted after it, with the CPU time of every main-thread task in between.
 */
export function keyToPaint(events: readonly TraceEvent[]): KeyFigures[] {
  const main = pageMainThread(events).sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === TASK);
  const taskAt = (ts: number) => tasks.find((t) => t.ts <= ts && ts <= t.ts + (t.dur ?? 0));
  const paints = main.filter((e) => e.name === 'Paint');
  const keys = main.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  const figures: KeyFigures[] = [];
  for (const key of keys) {
    const from = taskAt(key.ts);
    const paint = paints.find((p) => p.ts > key.ts);
    const to = paint && taskAt(paint.ts);
    if (!from || !to) continue;
    const between = tasks.filter((t) => t.ts >= from.ts && t.ts <= to.ts);
    figures.push({
      cpuMs: between.reduce((sum, t) => sum + cpu(t), 0) / 1000,
      wallMs: (to.ts + (to.dur ?? 0) - from.ts) / 1000,
    });
  }
  return figures;
}
