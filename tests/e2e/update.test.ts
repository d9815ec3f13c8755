// The update flow: a deployed new version is announced, and applied only when the user asks.
import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/app';
import { launchOptions } from './browser';
import { expectNoRecoverableErrors, watchRecoverableErrors } from './page-checks';

let server: RunningServer;
let browser: Browser;
let recoverableErrors: (() => string[]) | undefined;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-update-'));
  cpSync('dist', dist, { recursive: true });
  server = await startServer({ distDir: dist });
  browser = await chromium.launch(launchOptions());
  recoverableErrors = watchRecoverableErrors(browser);
});

afterEach(() => expectNoRecoverableErrors(recoverableErrors));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('new version available', () => {
  it('shows the prompt and reloads into the new version only on Reload', async () => {
    const page = await browser.newPage();
    // What the page asks its service workers: a version only takes over when told to skip waiting.
    await page.addInitScript(() => {
      const sent: unknown[] = [];
      Object.assign(window, { skipWaitingSent: sent });
      const postMessage = ServiceWorker.prototype.postMessage;
      ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: unknown[]) {
        const [message] = args as [{ type?: unknown } | null];
        if (message?.type === 'SKIP_WAITING') sent.push(message);
        return Reflect.apply(postMessage, this, args);
      };
    });
    await page.goto(`${server.url}/`);
    // A first visit's sign-in page starts the app at the visitor's first touch (public/boot.js).
    await page.getByLabel('Email').focus();
    await page.waitForFunction(() => window.chairsideBoot?.live === true);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    expect(await page.getByText('A new version is available').count()).toBe(0);

    // Deploy a new version: any byte change to sw.js is a new service worker.
    appendFileSync(join(dist, 'sw.js'), '\n// deployed again\n');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await page.getByText('A new version is available').waitFor({ timeout: 20_000 });

    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    // Never a reload by itself: the new version waits, installed, behind the one in control, and
    // the page has not told it to skip waiting (the only way it takes over while the page is open).
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting?.state,
          controlled: navigator.serviceWorker.controller?.state,
          skipWaitingSent: (window as unknown as { skipWaitingSent: unknown[] }).skipWaitingSent
            .length,
        };
      }),
    ).toEqual({ waiting: 'installed', controlled: 'activated', skipWaitingSent: 0 });
    expect(navigations).toHaveLength(0);

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Reload' }).click(),
    ]);
    expect(navigations.length).toBeGreaterThan(0);
    const waiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting ?? null;
    });
    expect(waiting).toBeNull();
    await page.close();
  });
});
