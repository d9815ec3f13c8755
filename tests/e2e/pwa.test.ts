// The built app as a browser sees it: loads, is installable, and works offline after one visit;
// every file the build writes is served with its own type.
import { readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/app';
import { CONTENT_TYPES } from '../../server/static';
import { RECOVERABLE_ERROR_PREFIX } from '../../src/app/recoverable-errors';
import { launchOptions } from './browser';
import { expectNoRecoverableErrors, watchRecoverableErrors } from './page-checks';

let server: RunningServer;
let browser: Browser;
let recoverableErrors: (() => string[]) | undefined;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer({ distDir: 'dist' });
  browser = await chromium.launch(launchOptions());
  recoverableErrors = watchRecoverableErrors(browser);
  context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  page = await context.newPage();
});

afterEach(() => expectNoRecoverableErrors(recoverableErrors));

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Manifest {
  name: string;
  short_name: string;
  description: string;
  theme_color: string;
  background_color: string;
  display: string;
  start_url: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

describe('served types', () => {
  it('serves every file the build wrote with the proper type for its kind', async () => {
    const files = filesUnder('dist');
    const kinds = new Set(files.map((file) => extname(file)));
    // The scanner's decoder is among them, and its type is the one a streaming compile accepts.
    expect(kinds).toContain('.wasm');
    expect(CONTENT_TYPES['.wasm']).toBe('application/wasm');
    // Every kind has a type of its own: none left to the server's application/octet-stream.
    const wrong: string[] = [];
    for (const file of files) {
      const res = await fetch(`${server.url}/${file}`, { method: 'HEAD' });
      const type = res.headers.get('content-type');
      const proper = CONTENT_TYPES[extname(file)] ?? 'a type of its own in CONTENT_TYPES';
      if (res.status !== 200 || type !== proper) {
        wrong.push(`${file}: ${res.status} ${type ?? 'no type'}, not ${proper}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('installable PWA', () => {
  it('loads the built app', async () => {
    await page.goto(`${server.url}/`);
    await expect(
      page.getByRole('heading', { name: 'Chairside Service' }).isVisible(),
    ).resolves.toBe(true);
  });

  it('links a valid manifest whose icons all fetch', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifestUrl = new URL(href!, page.url());
    const res = await page.request.get(manifestUrl.toString());
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as Manifest;
    expect(manifest.name).toBe('Chairside Service');
    expect(manifest.short_name).toBe('Chairside');
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((i) => `${i.sizes}/${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192/any', '512x512/any', '512x512/maskable']),
    );
    for (const icon of manifest.icons) {
      const iconRes = await page.request.get(new URL(icon.src, manifestUrl).toString());
      expect(iconRes.status(), icon.src).toBe(200);
      expect(iconRes.headers()['content-type']).toBe('image/png');
      const body = await iconRes.body();
      // PNG signature, and the pixel size the manifest claims (IHDR width and height).
      expect(body.subarray(1, 4).toString()).toBe('PNG');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(body.readUInt32BE(16)).toBe(w);
      expect(body.readUInt32BE(20)).toBe(h);
    }
  });

  it('is controlled by a service worker after one reload', async () => {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    expect(controlled).toBe(true);
  });

  it('still renders with the network offline', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Chairside Service' }).isVisible(),
    ).resolves.toBe(true);
    // The router runs from the cache too: a signed-out deep link is sent to sign-in.
    await page.goto(`${server.url}/#/dashboard/engineer/tickets`);
    await page.waitForURL((url) => url.hash === '#/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.setOffline(false);
  });
});

describe('React recoverable errors', () => {
  // Every browser file's afterEach holds the pages to none (demo-server.ts, this file's, the update
  // test's): the watch is shown to hear one here, and the check it feeds to fail on it.
  it('are heard from a page of the browser, and fail the check each test ends with', async () => {
    await page.goto(`${server.url}/`);
    await page.evaluate(
      (prefix) => console.error(`${prefix}: Error: planted by the test`),
      RECOVERABLE_ERROR_PREFIX,
    );
    const heard: string[] = [];
    await expect
      .poll(() => {
        heard.push(...(recoverableErrors?.() ?? []));
        return heard.length;
      })
      .toBe(1);
    expect(heard[0]).toContain('planted by the test');
    expect(() => expectNoRecoverableErrors(() => heard)).toThrow(/React recovered from an error/);
  });
});
