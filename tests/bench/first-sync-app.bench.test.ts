// Benchmark (issues 19 and 30): a new device's first sync in the app itself. Each role signs in to
// the built app (dist/) on a server holding the generated data set, on a new device (a fresh
// browser context), and stays on their home screen while the first sync fills the mirror in its
// two stages. Printed, each beside its target (nothing here passes or fails on time; the mirror's
// counts are asserted):
//  - sign-in click → the home screen showing its real content (its figures above zero and its
//    lists filled, read in the page every frame), on the full set and on a tenth, and the full
//    set's time over the tenth's;
//  - sign-in click → the whole mirror complete (the top bar says 'Synced');
//  - the longest main-thread task meanwhile, from a Chromium trace (CPU, with its wall time), over
//    the whole run and after the home was shown; the progress bar read every 100 ms, per stage.
// An engineer and a customer take over a generated user (the bench.1.* directory rows: their own
// work is there); an admin and a vendor are new accounts.
//
// Each role signs in FIRST_SYNC_APP_REPEATS times (default 3; 1 where the run's IndexedDB probe
// says a slow device's, run-header.ts) on each set, a new device each time, the sets taking turns:
// the full set's time over the tenth's is that of their medians (one sign-in is one sample of a
// shared machine: a vendor's full-set home took 0.78-1.10 s in six).
// Each sign-in's figures are printed as it ends. A sign-in whose home or whole mirror is not there
// within FIRST_SYNC_APP_CAP_S seconds of the click (default 300) is printed as such, with the
// mirror's progress then (rows written of the user's, rows per second), and the run goes on: a
// slow device's figures are figures too, never a silent hang (issue 46).
// Each sign-in's wait before its home is printed in parts (harness/start-timeline.ts: the mirror's
// creation, code chunks, the first sync's requests, the mirror's writes and reads);
// FIRST_SYNC_APP_TIMELINE=1 prints every IndexedDB transaction and request before the home too.
// FIRST_SYNC_APP_SETS=full or tenth (default both: full,tenth) picks the data sets;
// FIRST_SYNC_APP_ROLES=ENGINEER,VENDOR (default every role) the roles.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, errors, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LargeDataSetOptions } from '../../server/seed/generate';
import { databaseName } from '../../src/data/db';
import { ENTITY_TABLES, SERVER_TABLE } from '../../src/domain/entities';
import { roleHome } from '../../src/domain/paths';
import type { Role } from '../../src/domain/schemas/common';
import { FIRST_STAGE } from '../../sync/first-sync';
import { launchOptions } from '../e2e/browser';
import { ROLE_VIEWPORT } from '../e2e/roles';
import { signIn, syncStatus } from '../e2e/steps';
import {
  FULL,
  countsAs,
  median,
  num,
  openBackend,
  serverCounts,
  table,
  type Backend,
} from './harness/backend';
import { traceMainThread } from './harness/main-thread';
import { signUp } from './harness/actors';
import { repeatsFor } from './harness/run-header';
import { readStartTimeline, recordStorageEvents } from './harness/start-timeline';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '..', '..', 'dist');
const PASSWORD = 'correct-horse-battery';
const SAMPLE_EVERY_MS = 100;
const HOME_SHOWN = 'chairside-bench-home-shown';
const ROLES = (process.env.FIRST_SYNC_APP_ROLES ?? 'ENGINEER,CUSTOMER,VENDOR,ADMIN')
  .split(',')
  .filter((r): r is Role => ['ENGINEER', 'CUSTOMER', 'VENDOR', 'ADMIN'].includes(r));
const REPEATS = Math.max(
  1,
  Number(process.env.FIRST_SYNC_APP_REPEATS ?? repeatsFor(inject('indexedDbRowsPerSecond'), 3)),
);
const TIMELINE = process.env.FIRST_SYNC_APP_TIMELINE === '1';
const CAP_MS = Math.max(1, Number(process.env.FIRST_SYNC_APP_CAP_S ?? 300)) * 1000;

const TENTH: LargeDataSetOptions = {
  chairs: 1000,
  tickets: 5000,
  serviceRequests: 2000,
  parts: 200,
  customers: 200,
  engineers: 5,
};

/** Targets (issue 30). */
const HOME_TARGET_MS = 1500;
const SCALE_TARGET = 1.2;
const TASK_TARGET_MS = 100;

/**
 * What each role's home shows when it shows its real content: these figures above zero, an
 * element for each selector, and no stand-in name (a list whose customers have not arrived).
 */
interface HomeContent {
  figures: string[];
  present: string[];
  absent: string[];
}

const HOME_CONTENT: Record<Role, HomeContent> = {
  ENGINEER: {
    figures: ['My Tickets', 'Open', 'High Priority'],
    present: ['ul[aria-label="Open Tickets"] a', 'ul[aria-label="In Progress"] a'],
    absent: ['Unknown Customer'],
  },
  CUSTOMER: {
    figures: ['My Chairs'],
    present: ['ul[aria-label="My Equipment"] li', 'ul[aria-label="Recent Tickets"] li'],
    absent: [],
  },
  VENDOR: {
    figures: [
      'Active Tickets',
      'Unassigned Tickets',
      'Field Engineers',
      'Pending Service Requests',
    ],
    present: [
      'ul[aria-label="Engineers by workload"] li',
      'section[aria-label="Urgent Unassigned Tickets"] li',
      'section[aria-label="Recent Activity"] li',
    ],
    absent: ['Unknown Customer', 'Unknown Engineer'],
  },
  ADMIN: {
    figures: ['Total Users', 'Total Chairs', 'Confirmed Warranties', 'Open Tickets'],
    present: ['section[aria-label="Recent tickets"] li'],
    absent: [],
  },
};

/**
 * The generated user an engineer or a customer takes over (their own work is there; the same one
 * at each repeat, on a new device each time); null: a new account.
 */
const TAKES_OVER: Record<Role, string | null> = {
  ENGINEER: 'bench.1.engineer.0@example.com',
  CUSTOMER: 'bench.1.customer.0@example.com',
  VENDOR: null,
  ADMIN: null,
};

let scratch: string;
let browser: Browser;
const backends: Backend[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'chairside-first-sync-app-'));
  const sets = (process.env.FIRST_SYNC_APP_SETS ?? 'full,tenth').split(',');
  // The server serves the built app (npm run build first), as in production.
  if (sets.includes('full')) backends.push(await openBackend('full', FULL, dist));
  if (sets.includes('tenth')) backends.push(await openBackend('tenth', TENTH, dist));
  browser = await chromium.launch(launchOptions());
});

afterAll(async () => {
  await browser?.close();
  for (const backend of backends) {
    await backend.server.close();
    await backend.db.close();
  }
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * In the page, from its first script: when 'Sign In' was clicked, the first frame showing the
 * home's real content (and a performance mark then, for the trace), the first frame saying
 * 'Synced'; the top bar's stage and percentage read every 100 ms, as a person watching it would
 * see it; and the longtask observer's tasks (wall time, the machine's load in it).
 */
function watchPage({
  everyMs,
  content,
  mark,
}: {
  everyMs: number;
  content: HomeContent;
  mark: string;
}) {
  const w = window as unknown as {
    __progress: [string, number][];
    __longTasks: [number, number][];
    __clickAt: number | null;
    __homeAt: number | null;
    __syncedAt: number | null;
  };
  w.__progress = [];
  w.__longTasks = [];
  w.__clickAt = null;
  w.__homeAt = null;
  w.__syncedAt = null;
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      if (w.__clickAt === null && button?.textContent?.trim() === 'Sign In') {
        w.__clickAt = event.timeStamp;
      }
    },
    true,
  );
  const figure = (label: string) => {
    for (const list of document.querySelectorAll('main dl')) {
      if (list.querySelector('dt')?.textContent?.trim() === label) {
        return Number(list.querySelector('dd')?.textContent?.replace(/[^0-9.]/g, '') || 0);
      }
    }
    return 0;
  };
  const shown = () => {
    const main = document.querySelector('main');
    if (!main) return false;
    const text = main.textContent ?? '';
    return (
      content.figures.every((label) => figure(label) > 0) &&
      content.present.every((selector) => document.querySelector(`main ${selector}`) !== null) &&
      content.absent.every((stand) => !text.includes(stand))
    );
  };
  const frame = () => {
    if (w.__clickAt !== null) {
      if (w.__homeAt === null && shown()) {
        w.__homeAt = performance.now();
        performance.mark(mark);
      }
      const header = document.querySelector('header')?.textContent ?? '';
      if (w.__syncedAt === null && /Synced/.test(header)) w.__syncedAt = performance.now();
    }
    if (w.__homeAt === null || w.__syncedAt === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  setInterval(() => {
    const header = document.querySelector('header')?.textContent ?? '';
    const match = /(Getting your work ready…|Syncing everything else…) (\d+)%/.exec(header);
    if (match) w.__progress.push([match[1] ?? '', Number(match[2])]);
  }, everyMs);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** Rows in every mirrored table of the user's mirror (IndexedDB, read directly). */
async function mirrorCounts(page: Page, userId: string): Promise<Record<string, number>> {
  return page.evaluate(
    async ({ name, stores }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const entries = await Promise.all(
        stores.map(
          (store) =>
            new Promise<[string, number]>((resolve, reject) => {
              const request = db.transaction(store).objectStore(store).count();
              request.onsuccess = () => resolve([store, request.result]);
              request.onerror = () => reject(request.error ?? new Error('count failed'));
            }),
        ),
      );
      db.close();
      return Object.fromEntries(entries);
    },
    { name: databaseName(userId), stores: [...ENTITY_TABLES] as string[] },
  );
}

/** The rows the role's first stage brings, counted on the server as the user. */
async function firstStageRows(backend: Backend, role: Role, userId: string): Promise<number> {
  return backend.db.transaction(async (tx) => {
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    let rows = 0;
    for (const pull of FIRST_STAGE[role].pulls) {
      const { rows: answer } = await tx.query<{ total: number }>(
        `select (public.sync_pull($1, null, null, 1, true, null, $2) ->> 'total')::int as total`,
        [SERVER_TABLE[pull.table], pull.slice ?? null],
      );
      rows += answer[0]?.total ?? 0;
    }
    return rows;
  });
}

/** In the page: whether watchPage has noted that moment (a function: the CSP allows no eval). */
function marked(moment: string): boolean {
  return (window as unknown as Record<string, number | null>)[moment] !== null;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** True when `waiting` resolved, false when it timed out (the cap); any other failure throws. */
async function withinCap(waiting: Promise<unknown>): Promise<boolean> {
  try {
    await waiting;
    return true;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return false;
    throw error;
  }
}
const load = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

const takenOver = new Map<string, { email: string; id: string }>();

/** The account the role signs in with: the generated user it took over, or a new one. */
async function account(backend: Backend, role: Role, repeat: number) {
  const email = TAKES_OVER[role];
  if (!email) return signUp(backend.server.url, role, `${backend.label}.${repeat}`, null, PASSWORD);
  const key = `${backend.label} ${email}`;
  const known =
    takenOver.get(key) ?? (await signUp(backend.server.url, role, backend.label, email, PASSWORD));
  takenOver.set(key, known);
  return known;
}

/**
 * One sign-in to a complete mirror before the measured ones, by a new engineer (nothing of theirs:
 * a small mirror) in a context of its own: the browser's first page and the server's first
 * requests after its data set was generated (code not yet optimised, the database's caches cold,
 * the app's files not yet compressed) are paid here, not by the first role measured. A real
 * device signs in to a server that has served others and in a browser already running.
 */
async function warmUp(backend: Backend): Promise<void> {
  const { email } = await signUp(
    backend.server.url,
    'ENGINEER',
    `${backend.label}.warm-up`,
    null,
    PASSWORD,
  );
  const context = await browser.newContext({ viewport: ROLE_VIEWPORT.ENGINEER });
  try {
    const page = await context.newPage();
    await signIn(page, backend.server.url, { email, password: PASSWORD }, roleHome('ENGINEER'));
    const synced = await withinCap(
      syncStatus(page)
        .getByText(/Synced/)
        .waitFor({ timeout: CAP_MS }),
    );
    if (!synced)
      console.log(
        `[first sync] ${backend.label}: the warm-up's mirror was not complete within ${seconds(CAP_MS)}`,
      );
  } finally {
    await context.close();
  }
}

interface Run {
  role: Role;
  set: string;
  homeMs: number;
  completeMs: number;
}

describe('first sync in the app', { timeout: 3_600_000 }, () => {
  it('each role on a new device: sign-in to a home with real content, to a complete mirror, and the main thread meanwhile', async () => {
    const loadBefore = await load();
    const rows: [string[], ...string[][]] = [
      [
        'role',
        'data set',
        'rows (first stage)',
        `sign-in → home with content (target ≤ ${HOME_TARGET_MS / 1000} s)`,
        'sign-in → mirror complete',
        `longest main-thread task: CPU (wall), whole run / after the home (target ≤ ${TASK_TARGET_MS} ms)`,
        'tasks ≥ 50 ms CPU',
        'longtask observer after the home: longest wall, count',
        'progress samples: stage 1, stage 2 (went back)',
      ],
    ];
    const runs: Run[] = [];
    for (const backend of backends) await warmUp(backend);
    for (let repeat = 1; repeat <= REPEATS; repeat++) {
      for (const backend of backends) {
        for (const role of ROLES) {
          await measure(backend, role, repeat);
        }
      }
    }

    async function measure(backend: Backend, role: Role, repeat: number) {
      const { email, id } = await account(backend, role, repeat);
      const context = await browser.newContext({ viewport: ROLE_VIEWPORT[role] });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('[page]', error));
      await page.addInitScript(recordStorageEvents);
      await page.addInitScript(watchPage, {
        everyMs: SAMPLE_EVERY_MS,
        content: HOME_CONTENT[role],
        mark: HOME_SHOWN,
      });
      await page.goto(`${backend.server.url}/#/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      const status = syncStatus(page);
      let clickedAt = 0;
      const left = () => Math.max(1, clickedAt + CAP_MS - Date.now());
      const {
        main,
        after,
        result: reached,
      } = await traceMainThread(
        page,
        async () => {
          await page.getByRole('button', { name: 'Sign In', exact: true }).click();
          clickedAt = Date.now();
          await page.waitForURL((url) => url.hash === `#${roleHome(role)}`, { timeout: left() });
          const home = await withinCap(
            page.waitForFunction(marked, '__homeAt', { timeout: left() }),
          );
          const complete =
            home &&
            (await withinCap(status.getByText(/Synced/).waitFor({ timeout: left() }))) &&
            (await withinCap(page.waitForFunction(marked, '__syncedAt', { timeout: left() })));
          return { home, complete, capMs: Date.now() - clickedAt };
        },
        { splitAt: HOME_SHOWN },
      );
      const marks = (await page.evaluate(
        '[window.__clickAt, window.__homeAt, window.__syncedAt]',
      )) as [number, number | null, number | null];
      const [clickAt, homeAt, syncedAt] = marks;
      const homeMs = homeAt === null ? Number.NaN : homeAt - clickAt;
      const completeMs = syncedAt === null ? Number.NaN : syncedAt - clickAt;
      // The home's figure stands on its own: a mirror not complete within the cap still gives the
      // home's time to the full-over-tenth table (its mirror column says it was not complete).
      if (reached.home) {
        runs.push({
          role,
          set: backend.label,
          homeMs,
          completeMs: reached.complete ? completeMs : Number.NaN,
        });
      }

      // Every row the user may read: an admin all of them, the others as their RLS has it, with
      // cards. A vendor also reads device health reports, their own device's among them: it is
      // sent after the round, so the mirror has it from the next round on, or already.
      const expected =
        role === 'ADMIN' ? await serverCounts(backend.db) : await countsAs(backend.db, id);
      const { deviceHealth, ...mirrored } = await mirrorCounts(page, id);
      const { deviceHealth: reports, ...rest } = expected;
      const total = Object.values(expected).reduce((a, b) => a + b, 0);
      const written = Object.values(mirrored).reduce((a, b) => a + b, 0) + (deviceHealth ?? 0);
      if (reached.complete) {
        expect(mirrored).toEqual(rest);
        expect(deviceHealth).toBeLessThanOrEqual(reports);
      } else {
        // Not within the cap: what the mirror holds then is part of what the user may read.
        for (const [name, count] of Object.entries(mirrored)) {
          expect(count, name).toBeLessThanOrEqual(rest[name as keyof typeof rest] ?? 0);
        }
      }
      const first = await firstStageRows(backend, role, id);

      const progress = (await page.evaluate('window.__progress')) as [string, number][];
      const longTasks = (await page.evaluate('window.__longTasks')) as [number, number][];
      const stage = (name: string) => {
        const values = progress.filter(([s]) => s === name).map(([, v]) => v);
        const back = values.filter((v, i) => i > 0 && v < (values[i - 1] ?? 0)).length;
        return { samples: values.length, back };
      };
      const [one, two] = [stage('Getting your work ready…'), stage('Syncing everything else…')];
      // The background stage of a fleet's mirror is long enough to be seen moving.
      if (reached.complete && (role === 'ADMIN' || role === 'VENDOR')) {
        expect(two.samples).toBeGreaterThan(0);
      }
      const laterTasks = longTasks
        .filter(([start]) => homeAt !== null && start >= homeAt)
        .map(([, d]) => d);
      const capped = `not within ${seconds(CAP_MS)}`;
      const row = [
        role,
        REPEATS > 1 ? `${backend.label} #${repeat}` : backend.label,
        `${num(total)} (${num(first)})`,
        reached.home ? seconds(homeMs) : capped,
        reached.complete
          ? seconds(completeMs)
          : `${capped}: ${num(written)} of ${num(total)} rows, ` +
            `${num(Math.round(written / (reached.capMs / 1000)))} rows/s`,
        `${Math.round(main.longestCpuMs)} (${Math.round(main.longestCpuWallMs)}) / ${Math.round(after?.longestCpuMs ?? Number.NaN)} (${Math.round(after?.longestCpuWallMs ?? Number.NaN)}) ms`,
        String(main.over50CpuMs),
        `${Math.round(Math.max(0, ...laterTasks))} ms, ${laterTasks.length}`,
        `${one.samples}, ${two.samples} (${one.back + two.back})`,
      ];
      rows.push(row);
      // Printed as it ends: a long run's figures are there before the run is over.
      console.log(`[first sync] ${row.map((cell, i) => `${rows[0][i]}: ${cell}`).join('; ')}`);
      if (homeAt !== null) {
        const start = await readStartTimeline(page, clickAt, homeAt);
        console.log(`[first sync] ${role}, ${backend.label}: before the home: ${start.summary}`);
        if (TIMELINE) console.log(start.events.join('\n'));
      }
      await context.close();
    }
    table(
      `A new device's first sync in the app, each role on their home screen, headless Chromium, ${REPEATS} sign-in(s) per role and set, cap ${seconds(CAP_MS)} (load average before: ${loadBefore}; after: ${await load()})`,
      rows,
    );
    const scale: [string[], ...string[][]] = [
      [
        'role',
        `sign-in → home: full set / tenth (median of ${REPEATS}; each sign-in)`,
        `full over tenth (target ≤ ${SCALE_TARGET}×)`,
        'mirror complete: full / tenth (median)',
      ],
    ];
    const of = (role: Role, set: string, key: 'homeMs' | 'completeMs') =>
      runs.filter((r) => r.role === role && r.set === set).map((r) => r[key]);
    // A sign-in whose mirror was not complete within the cap has no mirror time: said so.
    const mirrorMedian = (values: number[]) => {
      const complete = values.filter((v) => !Number.isNaN(v));
      if (complete.length === 0) return `not within ${seconds(CAP_MS)}`;
      const short = values.length - complete.length;
      return `${seconds(median(complete))}${short ? ` (${short} not within ${seconds(CAP_MS)})` : ''}`;
    };
    const each = (values: number[]) => values.map((v) => (v / 1000).toFixed(2)).join(', ');
    for (const role of ROLES) {
      const [fullHome, tenthHome] = [of(role, 'full', 'homeMs'), of(role, 'tenth', 'homeMs')];
      if (fullHome.length === 0 || tenthHome.length === 0) continue;
      const [full, tenth] = [median(fullHome), median(tenthHome)];
      scale.push([
        role,
        `${seconds(full)} / ${seconds(tenth)} (${each(fullHome)} / ${each(tenthHome)})`,
        `${(full / tenth).toFixed(2)}×`,
        `${mirrorMedian(of(role, 'full', 'completeMs'))} / ${mirrorMedian(of(role, 'tenth', 'completeMs'))}`,
      ]);
    }
    if (scale.length > 1)
      table('The home with content on the full set next to a tenth of it', scale);
  });
});
