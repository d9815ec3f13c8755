// CPU time spent by each side of a bench step, read from the kernel (/proc), so a figure does not
// depend on how loaded the machine is: the wall clock of a step counts the time its processes
// waited for a core, the CPU time only what they ran. Three sides:
//  - this process (the local server: HTTP, JSON, and PGlite, which runs on this thread);
//  - the browser: every process started below this one (headless Chromium: renderer, IndexedDB);
//  - PostgreSQL: the server processes of one database, when the bench runs over DATABASE_URL.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import type { Database } from '../../../server/db/database';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  ppid: number;
  /** utime + stime, in ms. */
  cpuMs: number;
}

function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields after it start past the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), cpuMs: (ticks / ticksPerSecond) * 1000 };
  } catch {
    return null; // gone meanwhile
  }
}

/** CPU ms used so far by every live process below `root` (not `root` itself). */
function descendantsCpuMs(root: number): Map<number, number> {
  const stats = new Map<number, ProcStat>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = procStat(pid);
    if (stat) stats.set(pid, stat);
  }
  const below = new Map<number, number>();
  const isBelow = (pid: number): boolean => {
    for (let p = stats.get(pid)?.ppid; p !== undefined && p > 0; p = stats.get(p)?.ppid) {
      if (p === root) return true;
    }
    return false;
  };
  for (const [pid, stat] of stats) if (isBelow(pid)) below.set(pid, stat.cpuMs);
  return below;
}

/** CPU ms used so far by the server processes of `db`'s PostgreSQL database, by pid. */
async function postgresCpuMs(db: Database): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  const byPid = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = procStat(pid);
    if (stat) byPid.set(pid, stat.cpuMs);
  }
  return byPid;
}

/** Sum of what each pid used since `before` (a pid that appeared since counts from zero). */
function since(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export interface CpuFigures {
  /** This process: the local server (HTTP, JSON, PGlite's SQL when the database is PGlite). */
  serverMs: number;
  /** The browser's processes (renderer main thread, IndexedDB, network). */
  browserMs: number;
  /** PostgreSQL's server processes for the database, 0 on PGlite. */
  postgresMs: number;
}

/** Starts counting; the returned function gives the CPU time of each side since then. */
export async function startCpuCount(postgres: Database | null): Promise<() => Promise<CpuFigures>> {
  const server = process.cpuUsage();
  const browser = descendantsCpuMs(process.pid);
  const pg = postgres ? await postgresCpuMs(postgres) : new Map<number, number>();
  return async () => {
    const used = process.cpuUsage(server);
    return {
      serverMs: (used.user + used.system) / 1000,
      browserMs: since(browser, descendantsCpuMs(process.pid)),
      postgresMs: postgres ? since(pg, await postgresCpuMs(postgres)) : 0,
    };
  };
}
