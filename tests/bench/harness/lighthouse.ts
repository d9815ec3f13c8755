// Lighthouse 12 in Debian's Chromium, shared by the benches: one Chromium profile per call,
// `runs` runs of the given categories on one URL, and the median of each figure. `prepare` runs
// first on that profile through playwright-core (for a signed-in page: sign in, so the session
// and the mirror are in the profile); storage is then kept across the runs instead of
// Lighthouse's reset. Each step has a Chromium of its own on that profile (launched by
// chrome-launcher, so Lighthouse drives it through its own protocol connection, and closed as a
// user closes it, its storage written out): each run is the device's browser opened again, with
// nothing in memory from the sign-in or the run before. In one Chromium the navigation reused the
// renderer process the sign-in had left, and Lighthouse's trace, as it starts, walks that
// process's heap: a task of 76-92 ms at the start of the home's trace that no device has.
// LIGHTHOUSE_REPORT_DIR=<dir> keeps every report whole. The mobile runs' CPU slowdown is the
// caller's (cpuSlowdown, calibrated from the host's benchmarkIndex: cpu-slowdown.ts); each run
// reports the benchmarkIndex Lighthouse measured in it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
// Lighthouse's own desktop preset, what its CLI's --preset=desktop loads.
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from '../../e2e/browser';
import { median } from './backend';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type LighthouseCategory = 'performance' | 'accessibility' | 'best-practices';
export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseRun {
  /** 0-100 per category asked for; NaN when Lighthouse gave none. */
  scores: Partial<Record<LighthouseCategory, number>>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's measure of the host's CPU in this run (higher is faster). */
  benchmarkIndex: number;
}

export interface LighthouseResult extends LighthouseRun {
  runs: LighthouseRun[];
}

export interface LighthouseOptions {
  runs: number;
  categories?: LighthouseCategory[];
  formFactor?: FormFactor;
  /** Mobile only: the CPU slowdown Lighthouse simulates (its own default 4×). */
  cpuSlowdown?: number;
  /** Runs before Lighthouse on the same Chromium profile, e.g. to sign in. */
  prepare?: (browser: Browser) => Promise<void>;
  /** Runs after the Lighthouse runs on the same Chromium (a real profile, not incognito). */
  after?: (browser: Browser) => Promise<void>;
}

/** Connects playwright-core to the running Chromium for `fn`, then lets go of it (not closing it). */
async function withPlaywright(port: number, fn: (browser: Browser) => Promise<void>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await fn(browser);
  } finally {
    await browser.close();
  }
}

/** Runs `fn` on a Chromium launched on `profile`, then closes it as a user would. */
async function withChromium<T>(
  profile: string,
  fn: (chrome: chromeLauncher.LaunchedChrome) => Promise<T>,
): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profile,
  });
  try {
    return await fn(chrome);
  } finally {
    // Browser.close, not a kill: Chromium writes its storage out as it closes (a kill may lose
    // what the sign-in stored, which the next launch on this profile needs).
    const exited = new Promise((resolve) => chrome.process.once('exit', resolve));
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const cdp = await browser.newBrowserCDPSession();
      await cdp.send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    } finally {
      chrome.kill();
    }
  }
}

export async function runLighthouse(
  url: string,
  options: LighthouseOptions,
): Promise<LighthouseResult> {
  const categories = options.categories ?? ['performance'];
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const runs: LighthouseRun[] = [];
  try {
    const { prepare, after } = options;
    if (prepare) await withChromium(profile, (chrome) => withPlaywright(chrome.port, prepare));
    for (let i = 0; i < options.runs; i++) {
      await withChromium(profile, (chrome) => runOnce(chrome, i));
    }
    if (after) await withChromium(profile, (chrome) => withPlaywright(chrome.port, after));
  } finally {
    rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
  }

  async function runOnce(chrome: chromeLauncher.LaunchedChrome, i: number) {
    const run = () =>
      lighthouse(
        url,
        {
          port: chrome.port,
          onlyCategories: categories,
          logLevel: 'error',
          output: 'json',
          disableStorageReset: Boolean(options.prepare),
          ...(options.formFactor !== 'desktop' && options.cpuSlowdown !== undefined
            ? {
                throttling: {
                  ...throttling.mobileSlow4G,
                  cpuSlowdownMultiplier: options.cpuSlowdown,
                },
              }
            : {}),
        },
        options.formFactor === 'desktop' ? desktopConfig : undefined,
      );
    let result = await run();
    // A run Lighthouse could not record (NO_NAVSTART, 'Please run Lighthouse again': it lost
    // the trace's navigation) is run again, twice at most, as it asks; the page is unchanged.
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
      console.warn(`Lighthouse run ${i + 1} on ${url}: ${result.lhr.runtimeError.code}, run again`);
      result = await run();
    }
    const lhr = result?.lhr;
    // LIGHTHOUSE_REPORT_DIR=<dir> keeps each run's whole report (its diagnostics: main-thread
    // work by script, long tasks) for reading later.
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir && lhr) {
      mkdirSync(reportDir, { recursive: true });
      const name = new URL(url).hash.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      const file = join(reportDir, `${name || 'root'}-${i + 1}`);
      writeFileSync(`${file}.json`, JSON.stringify(lhr));
      const trace = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
      if (trace) writeFileSync(`${file}.trace.json`, JSON.stringify(trace));
    }
    // A run Lighthouse could not score says why, next to its NaN.
    if (!lhr || lhr.runtimeError) {
      console.warn(
        `Lighthouse run ${i + 1} on ${url}: ${lhr?.runtimeError?.code ?? 'no result'} ${lhr?.runtimeError?.message ?? ''}`,
      );
    }
    const scores: LighthouseRun['scores'] = {};
    for (const category of categories) {
      scores[category] = Math.round((lhr?.categories[category]?.score ?? Number.NaN) * 100);
    }
    runs.push({
      scores,
      fcpMs: lhr?.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcpMs: lhr?.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr?.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      benchmarkIndex: lhr?.environment.benchmarkIndex ?? Number.NaN,
    });
  }
  const scores: LighthouseRun['scores'] = {};
  for (const category of categories)
    scores[category] = median(runs.map((r) => r.scores[category] ?? Number.NaN));
  return {
    scores,
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    runs,
  };
}
