// Benchmark: what the app makes a browser download before a screen shows, and how fast the
// sign-in page paints on a phone.
//  - Per route, the JavaScript a headless Chromium fetches (the page's own script requests, no
//    service worker, until the network is quiet): the sign-in page for a first visit, and each
//    role's home for a returning signed-in user opening the app. Sizes are gzip level 9 of the
//    bodies, in KB of 1,024 bytes (the server sends brotli, smaller still); the sign-in page is
//    printed next to its budget.
//  - Lighthouse 12 (mobile preset, simulated throttling) on the sign-in page: performance score,
//    first and largest contentful paint and total blocking time, median of five runs, next to the
//    figures measured on the build before code splitting and compression.
// Figures are printed, never asserted; only the structure is (the sign-in page does not load an
// area's code, every route stays under the server's compression).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, type DemoRole } from '../../src/domain/demo-accounts';
import { startDemoBackend, stopDemoBackend, type DemoBackend } from '../e2e/demo-server';
import { runLighthouse, type LighthouseRun } from './harness/lighthouse';

/** The sign-in page's budget: gzip of every script it loads (issue 30's target). */
const SIGN_IN_BUDGET_KB = 150;

/**
 * Measured with this file on commit 846610b (one 1,357 KB chunk), on the same shared 2-core
 * machine: every route loaded the same 377 KB (gzip 9) of JavaScript. Lighthouse on its sign-in
 * page, sent uncompressed as that commit's server did: 34 to 38 over six runs (the issue reports
 * 45 to 47 on a quieter machine), first contentful paint 7.4 to 7.5 s. The same build sent by
 * today's server (brotli): 77 to 81, 2.4 to 2.5 s, so most of the gain is the compression; the
 * code splitting takes the engineer's code off the sign-in page.
 */
const BEFORE = {
  commit: '846610b',
  routeGzipKb: 377.1,
  lighthouse: [
    { label: 'before, uncompressed', score: 37, fcpMs: 7_400 },
    { label: 'before, compressed', score: 79, fcpMs: 2_400 },
  ],
};

/**
 * Measured on commit 3a09514, before the sign-in page left out the session's code (supabase-js,
 * Dexie, sync, zod), react-hook-form, the toaster, react-icons and the unused Chakra recipes: the
 * sign-in page loaded 341.9 KB (gzip 9) in one script. Lighthouse, five runs interleaved with
 * five of the build after it on the same loaded machine (load average above 20 on 2 cores, so
 * blocking time and the score are inflated for both): median 64, first contentful paint 2.46 s,
 * blocking 2,866 ms; the build after it: 70, 1.84 s, 1,931 ms.
 */
const BEFORE_SPLIT = {
  commit: '3a09514',
  signInGzipKb: 341.9,
  lighthouse: { label: 'before the split', score: 64, fcpMs: 2_460 },
};

/**
 * Measured on commit e8122b7, before the app's router became declarative (the data router's code
 * left the entry) and the demo box stopped bringing the domain's labels: the sign-in page loaded
 * 174 KB (gzip 9), nearly all of it the entry.
 */
const BEFORE_ENTRY_SPLIT = {
  commit: 'e8122b7',
  signInGzipKb: 174,
};

/** Lighthouse runs on the sign-in page; the median is printed (scores vary with machine load). */
const LIGHTHOUSE_RUNS = 5;

const HOME_HEADING: Record<DemoRole, string> = {
  CUSTOMER: 'Overview',
  ADMIN: 'Overview',
  ENGINEER: 'Overview',
  VENDOR: 'Operations Center',
};

let backend: Partial<DemoBackend> = {};

beforeAll(async () => {
  backend = await startDemoBackend();
});
afterAll(() => stopDemoBackend(backend));

interface Script {
  name: string;
  bytes: number;
  gzip: number;
  /** What the server sent over the wire (Content-Encoding applied). */
  encoding: string;
}

/** Records the scripts `page` fetches while `visit` runs, until the network is quiet. */
async function scriptsLoadedBy(page: Page, visit: () => Promise<void>): Promise<Script[]> {
  const pending: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => ({
        name: new URL(response.url()).pathname.replace(/^\/assets\//, ''),
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        encoding: response.headers()['content-encoding'] ?? 'identity',
      })),
    );
  });
  await visit();
  await page.waitForLoadState('networkidle');
  return Promise.all(pending);
}

const kb = (bytes: number) => bytes / 1024;
const total = (scripts: Script[], key: 'bytes' | 'gzip') =>
  scripts.reduce((sum, s) => sum + s[key], 0);

async function measureRoutes(browser: Browser, url: string) {
  const routes: { route: string; scripts: Script[] }[] = [];
  // A first visit: nothing cached, no service worker yet.
  {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = await scriptsLoadedBy(page, async () => {
      await page.goto(`${url}/#/login`);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    });
    routes.push({ route: 'sign-in (#/login)', scripts });
    await context.close();
  }
  // What the sign-in page runs before it is painted whole and takes typing: the build renders it
  // (public/boot.js runs; the entry, preloaded above, runs at the first touch). Measured with the
  // entry held back, as on a network too slow to bring it before the visitor's first key.
  {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    const scripts = await scriptsLoadedBy(page, async () => {
      await page.goto(`${url}/#/login`);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await page.getByLabel('Email').waitFor();
    });
    routes.push({ route: 'sign-in, painted (app held)', scripts });
    await context.close();
  }
  // A returning user: signed in on this device, opening the app at the dashboard.
  for (const account of DEMO_ACCOUNTS) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const signIn = await context.newPage();
    await signIn.goto(`${url}/#/login`);
    await signIn.getByLabel('Email').fill(account.email);
    await signIn.getByLabel('Password').fill(account.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.waitForURL((u) => u.hash.startsWith(`#/dashboard/${account.role.toLowerCase()}`));
    await signIn.close();
    const page = await context.newPage();
    const scripts = await scriptsLoadedBy(page, async () => {
      await page.goto(`${url}/#/dashboard`);
      await page
        .getByRole('heading', { name: HOME_HEADING[account.role], level: 1 })
        .waitFor({ timeout: 60_000 });
    });
    routes.push({ route: `${account.role.toLowerCase()} home`, scripts });
    await context.close();
  }
  return routes;
}

async function lighthouseSignIn(url: string, runs: number) {
  const result = await runLighthouse(`${url}/#/login`, { runs });
  const performance = (run: LighthouseRun) => run.scores.performance ?? Number.NaN;
  return {
    score: performance(result),
    fcpMs: result.fcpMs,
    lcpMs: result.lcpMs,
    tbtMs: result.tbtMs,
    runs: result.runs.map((run) => ({ ...run, score: performance(run) })),
  };
}

it('prints the JavaScript each route loads and the sign-in page Lighthouse score', async () => {
  const { browser, server } = backend as DemoBackend;
  const routes = await measureRoutes(browser, server.url);

  console.log(
    '\nJavaScript per route, KB of gzip 9 (before, commit %s: %s KB on every route; commit %s: %s KB on the sign-in page; commit %s: %s KB)',
    BEFORE.commit,
    BEFORE.routeGzipKb,
    BEFORE_SPLIT.commit,
    BEFORE_SPLIT.signInGzipKb,
    BEFORE_ENTRY_SPLIT.commit,
    BEFORE_ENTRY_SPLIT.signInGzipKb,
  );
  for (const { route, scripts } of routes) {
    const gzip = kb(total(scripts, 'gzip'));
    const budget = route.startsWith('sign-in')
      ? `budget ${SIGN_IN_BUDGET_KB} KB: ${gzip <= SIGN_IN_BUDGET_KB ? 'within' : 'OVER'}`
      : '';
    console.log(
      '  %s %s gzip  %s raw  %d scripts  %s',
      route.padEnd(20),
      `${gzip.toFixed(1)} KB`.padStart(9),
      `${kb(total(scripts, 'bytes')).toFixed(0)} KB`.padStart(8),
      scripts.length,
      budget,
    );
    const sorted = [...scripts].sort((a, b) => b.gzip - a.gzip);
    const listed = sorted.filter((s) => s.gzip >= 1024);
    for (const s of listed)
      console.log('      %s %s', `${kb(s.gzip).toFixed(1)} KB`.padStart(9), s.name);
    const rest = sorted.slice(listed.length);
    if (rest.length > 0) {
      console.log(
        '      %s %d smaller chunks',
        `${kb(total(rest, 'gzip')).toFixed(1)} KB`.padStart(9),
        rest.length,
      );
    }
  }

  const lh = await lighthouseSignIn(server.url, LIGHTHOUSE_RUNS);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log('\nLighthouse, sign-in page (mobile, median of %d runs)', lh.runs.length);
  const references = [
    ...BEFORE.lighthouse.map((before) => ({ ...before, commit: BEFORE.commit })),
    { ...BEFORE_SPLIT.lighthouse, commit: BEFORE_SPLIT.commit },
  ];
  for (const before of references) {
    console.log(
      '  %s performance %s   first contentful paint %s',
      `${before.label} (${before.commit})`.padEnd(32),
      String(before.score).padStart(3),
      seconds(before.fcpMs),
    );
  }
  console.log(
    '  %s performance %s   first contentful paint %s   largest %s   blocking %d ms',
    'now'.padEnd(32),
    String(lh.score).padStart(3),
    seconds(lh.fcpMs),
    seconds(lh.lcpMs),
    Math.round(lh.tbtMs),
  );
  console.log(
    '  runs (score / FCP): %s',
    lh.runs.map((r) => `${r.score} / ${seconds(r.fcpMs)}`).join(', '),
  );

  // Structure, not time: the sign-in page loads no role area, a role home loads its own area and
  // no other, and the server sends every script worth compressing as brotli.
  const areasOf = (scripts: Script[]) =>
    scripts.flatMap((s) => /^area-([a-z]+)-/.exec(s.name)?.[1] ?? []);
  expect(areasOf(routes[0]!.scripts)).toEqual([]);
  for (const { route, scripts } of routes.slice(1)) {
    const role = route.split(' ')[0]!;
    expect(
      areasOf(scripts).filter((area) => area !== role),
      route,
    ).toEqual([]);
  }
  expect(areasOf(routes.find((r) => r.route === 'engineer home')!.scripts)).toEqual(['engineer']);
  const large = routes.flatMap((r) => r.scripts).filter((s) => s.bytes >= 1024);
  expect(new Set(large.map((s) => s.encoding))).toEqual(new Set(['br']));
});
