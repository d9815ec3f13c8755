// Benchmark: how fast the installed app shell renders, from the network and from the service
// worker's precache with no network; and how soon a returning user sees their data from the
// mirror on Chrome DevTools' 'Slow 3G' profile, next to an unthrottled connection. Figures are
// printed side by side; nothing here pass/fails.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { roleHome } from '../../src/domain/paths';
import { startDemoBackend, stopDemoBackend, type DemoBackend } from '../e2e/demo-server';
import {
  isDataRequest,
  returningUser,
  throttleToSlow3G,
  ticketOnHome,
} from '../e2e/slow-network-steps';
import { median } from './harness/backend';

let backend: Partial<DemoBackend> = {};

beforeAll(async () => {
  backend = await startDemoBackend();
});
afterAll(() => stopDemoBackend(backend));

const ms = (value: number) => `${value.toFixed(0)} ms`;

it('measures first render online and offline', async () => {
  const { browser, server } = backend as DemoBackend;
  const context = await browser.newContext();
  const page = await context.newPage();
  const runs = 7;
  const heading = () => page.getByRole('heading', { name: 'Chairside Service' }).waitFor();
  await page.goto(`${server.url}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  const time = async () => {
    const start = performance.now();
    await page.reload();
    await heading();
    return performance.now() - start;
  };
  const online: number[] = [];
  for (let i = 0; i < runs; i++) online.push(await time());
  await context.setOffline(true);
  const offline: number[] = [];
  for (let i = 0; i < runs; i++) offline.push(await time());
  await context.close();

  console.log('\nApp shell first render (median of %d reloads)', runs);
  console.log('  %s  %s', 'online (reference)'.padEnd(24), ms(median(online)));
  console.log('  %s  %s', 'offline, precache'.padEnd(24), ms(median(offline)));
  expect(offline).toHaveLength(runs);
});

/**
 * Opens the engineer's home in a new tab and measures, from the navigation's start (the page's
 * time origin): the first frame showing `title` (a row of the mirror) and the first data answer.
 */
async function openHome(page: Page, url: string, title: string) {
  const firstAnswer = page.waitForEvent('requestfinished', {
    predicate: (request) => isDataRequest(new URL(request.url()).pathname),
    timeout: 120_000,
  });
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (text) => {
      const main = document.querySelector('main');
      const shown = main
        ? [...main.querySelectorAll('*')].some((e) => e.textContent === text)
        : false;
      return shown ? { row: performance.now(), origin: performance.timeOrigin } : false;
    },
    title,
    { polling: 'raf', timeout: 120_000 },
  );
  const { row, origin } = (await handle.jsonValue()) as { row: number; origin: number };
  // timing() gives the request's start from the epoch and its end from that start.
  const { startTime, responseEnd } = (await firstAnswer).timing();
  return { rowMs: row, answerMs: startTime + responseEnd - origin };
}

it('measures a returning user seeing mirror rows on slow 3G and unthrottled', async () => {
  const { browser, server, db } = backend as DemoBackend;
  const context = await returningUser(browser, server.url, 'ENGINEER');
  const { title } = await ticketOnHome(db, 'ENGINEER');
  const url = `${server.url}/#${roleHome('ENGINEER')}`;
  const runs = 5;
  const measure = async (slow: boolean) => {
    const rows: number[] = [];
    const answers: number[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      if (slow) await throttleToSlow3G(page);
      const { rowMs, answerMs } = await openHome(page, url, title);
      rows.push(rowMs);
      answers.push(answerMs);
      await page.close();
    }
    return { row: median(rows), answer: median(answers), rows };
  };
  const fast = await measure(false);
  const slow = await measure(true);
  await context.close();

  console.log(
    '\nReturning engineer (tablet), navigation to the first mirror row visible (median of %d opens)',
    runs,
  );
  console.log('  %s  %s  %s', ''.padEnd(24), 'first row'.padStart(10), 'first data answer');
  for (const [name, figures] of [
    ['unthrottled (reference)', fast],
    ['Slow 3G (DevTools)', slow],
  ] as const) {
    console.log(
      '  %s  %s  %s',
      name.padEnd(24),
      ms(figures.row).padStart(10),
      ms(figures.answer).padStart(10),
    );
  }
  expect(slow.rows).toHaveLength(runs);
});
