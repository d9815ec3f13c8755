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
 * Counts the CPU of a process and all its descendants over a stretch of time. Chromium's
 * renderers and zygote are not its children's times when it closes (they outlive it a moment and
 * are taken over by init), so each process's own CPU is remembered as last seen: `sample()` often
 * enough (the meter does, twice a second, while running) to see a process before it is gone. A
 * child the root process itself waits for counts in full (its cutime).
 */
export class CpuMeter {
  private readonly seen = new Map<number, number>();
  private rootChildren = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly startTicks: number | null;

  constructor(private readonly root: number = process.pid) {
    this.startTicks = this.read();
  }

  /** Looks at the tree now; returns its CPU ticks so far (null without /proc). */
  private read(): number | null {
    const all = processes();
    const rootTimes = all?.get(this.root);
    if (!all || !rootTimes) return null;
    const byParent = new Map<number, number[]>();
    for (const [pid, proc] of all)
      byParent.set(proc.ppid, [...(byParent.get(proc.ppid) ?? []), pid]);
    const queue = [this.root];
    while (queue.length > 0) {
      const pid = queue.pop()!;
      this.seen.set(pid, all.get(pid)!.own);
      queue.push(...(byParent.get(pid) ?? []).filter((child) => all.has(child)));
    }
    this.rootChildren = rootTimes.children;
    let ticks = this.rootChildren;
    for (const own of this.seen.values()) ticks += own;
    return ticks;
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
