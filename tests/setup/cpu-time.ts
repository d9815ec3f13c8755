// CPU-seconds of this process and every process it started (Chromium's, for a browser file), read
// from /proc: what a test file cost the machine, which other work beside it does not change the
// way it changes wall time (issue 43: the machine kind is shared and its speed varies by a third).
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux everywhere it runs). */
const TICKS = 100;

interface ProcTimes {
  ppid: number;
  /** utime + stime: the process's own CPU. */
  own: number;
  /** cutime + cstime: its children's, once waited for. */
  children: number;
}

function readProc(pid: number): ProcTimes | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields count from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    return { ppid: n(4), own: n(14) + n(15), children: n(16) + n(17) };
  } catch {
    return null; // gone meanwhile
  }
}

/** Every process now, by pid; null without /proc (not Linux). */
function processes(): Map<number, ProcTimes> | null {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const all = new Map<number, ProcTimes>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const proc = readProc(Number(name));
    if (proc) all.set(Number(name), proc);
  }
  return all;
}

/**
 * Counts the CPU of a process and all its descendants over a stretch of time. Each process's own
 * CPU is remembered as last seen, so `sample()` often enough (the meter does, twice a second,
 * while running) to see a process before it is gone: Chromium's renderers and zygote are never
 * in this process's children's times (Chromium waits for some, and they outlive it a moment and
 * go to init). A direct child this process waited for is in its children's times (cutime); so is
 * one the meter never saw (it lived between two looks), which is counted from there, and a child
 * it did see is taken out of them again (with what it had waited for of its own), not counted
 * twice: Chromium's browser process, whose own CPU and its waited-for children's were counted
 * twice by the first version of this meter (the figures of 2026-11-28 13:00 in docs/testing.md).
 */
export class CpuMeter {
  private readonly seen = new Map<number, ProcTimes>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly startTicks: number | null;

  constructor(private readonly root: number = process.pid) {
    this.startTicks = this.read();
  }

  /** Looks at the tree now; returns its CPU ticks (null without /proc). */
  private read(): number | null {
    const all = processes();
    const rootTimes = all?.get(this.root);
    if (!all || !rootTimes) return null;
    const byParent = new Map<number, number[]>();
    for (const [pid, proc] of all)
      byParent.set(proc.ppid, [...(byParent.get(proc.ppid) ?? []), pid]);
    const live = new Set<number>();
    const queue = [this.root];
    while (queue.length > 0) {
      const pid = queue.pop()!;
      live.add(pid);
      this.seen.set(pid, all.get(pid)!);
      queue.push(...(byParent.get(pid) ?? []));
    }
    let ticks = rootTimes.children;
    for (const [pid, proc] of this.seen) {
      if (pid !== this.root) ticks += proc.own;
      // Gone and waited for by the root: already in the root's children's times.
      if (!live.has(pid) && proc.ppid === this.root) ticks -= proc.own + proc.children;
    }
    return ticks + rootTimes.own;
  }

  /** Samples twice a second until stop(), without holding the process open. */
  run(): this {
    this.timer ??= setInterval(() => this.read(), 500);
    this.timer.unref?.();
    return this;
  }

  /** CPU-seconds since the meter was made, looked at now; null without /proc. */
  seconds(): number | null {
    const now = this.read();
    if (now === null || this.startTicks === null) return null;
    return (now - this.startTicks) / TICKS;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
