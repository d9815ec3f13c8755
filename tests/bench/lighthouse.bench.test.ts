// Benchmark: Lighthouse 12 on the sign-in page and on each role's home, against the built app
// served by the local server with the demo data, in Debian's Chromium:
//  - performance, accessibility and best-practices scores and the largest contentful paint,
//    with mobile emulation (Lighthouse's default preset) for the sign-in page, the customer and
//    the engineer, and its desktop preset for the admin and the vendor;
//  - a role's home is measured for a returning user: signed in on that Chromium profile first
//    (session, mirror and service worker in place, as on a user's device), storage kept;
//  - installability (Lighthouse 12 dropped the PWA category): Chromium's own verdict through the
//    DevTools protocol (Page.getInstallabilityErrors, the check behind the install prompt) on
//    each page once its service worker controls it, with the manifest's name and display.
// Figures are printed, never asserted; only what makes them meaningful is (every page was scored
// and installability was answered). LIGHTHOUSE_RUNS (default 1) runs each page that many times
// and prints the median: the machine is shared, so one run per page keeps the bench short.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, type DemoRole } from '../../src/domain/demo-accounts';
import { roleHome } from '../../src/domain/paths';
import { startDemoBackend, stopDemoBackend, type DemoBackend } from '../e2e/demo-server';
import { ROLE_FORM_FACTOR, ROLE_VIEWPORT, signInAndSync } from '../e2e/roles';
import { runLighthouse, type FormFactor, type LighthouseResult } from './harness/lighthouse';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

let backend: Partial<DemoBackend> = {};

beforeAll(async () => {
  backend = await startDemoBackend();
});
afterAll(() => stopDemoBackend(backend));

/** Signs the role in on the Lighthouse Chromium's own profile and waits for the first sync. */
async function signedInOnProfile(browser: Browser, url: string, role: DemoRole) {
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.setViewportSize(ROLE_VIEWPORT[role]);
  await signInAndSync(page, url, role);
  await page.close();
}

interface Installability {
  errors: string[];
  name: string;
  display: string;
  controlled: boolean;
}

/**
 * Chromium's installability verdict on `url` in the Lighthouse Chromium's own profile (a
 * Playwright context is incognito, where nothing is installable), once the service worker
 * controls the page.
 */
async function installability(browser: Browser, url: string): Promise<Installability> {
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await page.locator('h1').first().waitFor();
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (
      await page.request.get(new URL(manifestUrl!, page.url()).toString())
    ).json()) as { name: string; display: string };
    return {
      errors: installabilityErrors.map(
        (e) => `${e.errorId}${e.errorArguments.map((a) => ` ${a.name}=${a.value}`).join('')}`,
      ),
      name: manifest.name,
      display: manifest.display,
      controlled,
    };
  } finally {
    await page.close();
  }
}

interface PageFigures {
  page: string;
  formFactor: FormFactor;
  lighthouse: LighthouseResult;
  install: Installability | null;
}

it('prints Lighthouse scores, LCP and installability for sign-in and each role home', async () => {
  const { server } = backend as DemoBackend;
  const pages: PageFigures[] = [];

  {
    let install: Installability | null = null;
    const url = `${server.url}/#/login`;
    const lighthouse = await runLighthouse(url, {
      runs: RUNS,
      categories: [...CATEGORIES],
      after: async (chrome) => {
        install = await installability(chrome, url);
      },
    });
    pages.push({ page: 'sign-in (#/login)', formFactor: 'mobile', lighthouse, install });
  }
  for (const { role } of DEMO_ACCOUNTS) {
    const formFactor = ROLE_FORM_FACTOR[role];
    const url = `${server.url}/#${roleHome(role)}`;
    let install: Installability | null = null;
    const lighthouse = await runLighthouse(url, {
      runs: RUNS,
      categories: [...CATEGORIES],
      formFactor,
      prepare: (chrome) => signedInOnProfile(chrome, server.url, role),
      after: async (chrome) => {
        install = await installability(chrome, url);
      },
    });
    pages.push({
      page: `${role.toLowerCase()} home (#${roleHome(role)})`,
      formFactor,
      lighthouse,
      install,
    });
  }

  const score = (value: number | undefined) => String(value ?? Number.NaN).padStart(4);
  console.log(
    '\nLighthouse 12 (%s run%s per page, median), scores out of 100; installability from Chromium',
    RUNS,
    RUNS === 1 ? '' : 's',
  );
  console.log(
    '  %s %s %s %s %s %s  %s',
    'page'.padEnd(40),
    'device '.padEnd(8),
    'perf',
    'a11y',
    '  bp',
    '     LCP',
    'installable',
  );
  for (const p of pages) {
    const { scores, lcpMs } = p.lighthouse;
    console.log(
      '  %s %s %s %s %s %s  %s',
      p.page.padEnd(40),
      p.formFactor.padEnd(8),
      score(scores.performance),
      score(scores.accessibility),
      score(scores['best-practices']),
      `${(lcpMs / 1000).toFixed(1)} s`.padStart(8),
      !p.install
        ? 'not answered'
        : p.install.errors.length === 0
          ? `yes (${p.install.name}, ${p.install.display}${p.install.controlled ? ', service worker controls the page' : ''})`
          : `no: ${p.install.errors.join(', ')}`,
    );
  }

  // What makes the figures meaningful: each page was scored in each category and measured.
  for (const p of pages) {
    for (const category of CATEGORIES) {
      expect(Number.isFinite(p.lighthouse.scores[category]), `${p.page} ${category}`).toBe(true);
    }
    expect(Number.isFinite(p.lighthouse.lcpMs), `${p.page} LCP`).toBe(true);
    expect(p.install, `${p.page} installability`).not.toBeNull();
  }
});
