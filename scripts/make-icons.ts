// Renders the product icon (public/icons/*.svg) to the PNG sizes the manifest and iOS need.
// Run once after changing the artwork: node --import tsx scripts/make-icons.ts
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { launchOptions } from '../tests/e2e/browser';

const jobs = [
  { svg: 'icon.svg', out: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', out: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', out: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon-maskable.svg', out: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch(launchOptions());
for (const job of jobs) {
  const page = await browser.newPage({ viewport: { width: job.size, height: job.size } });
  const svg = readFileSync(`public/icons/${job.svg}`, 'utf8');
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${job.size}" height="${job.size}" `)}</body></html>`,
  );
  await page.screenshot({ path: `public/icons/${job.out}`, omitBackground: true });
  await page.close();
}
await browser.close();
console.log('icons written');
