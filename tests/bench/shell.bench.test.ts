// Benchmark: how fast the installed app shell renders, from the network and from the service
// worker's precache with no network. Figures are printed side by side; nothing here pass/fails.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/app';
import { launchOptions } from '../e2e/browser';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ distDir: 'dist' });
  browser = await chromium.launch(launchOptions());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

it('measures first render online and offline', async () => {
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
  console.log('  %s  %s', 'online (reference)'.padEnd(24), `${median(online).toFixed(0)} ms`);
  console.log('  %s  %s', 'offline, precache'.padEnd(24), `${median(offline).toFixed(0)} ms`);
  expect(offline).toHaveLength(runs);
});
