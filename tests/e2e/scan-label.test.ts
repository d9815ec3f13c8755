// Scan label in a real Chromium with a fake camera (issue 32): the camera films a chair's serial
// label (a QR code and a Code 128 of S30-23-00412, drawn by the shapes the label sheet prints,
// on a white 640x480 frame, as a Y4M video), and the engineer, offline after one synced visit,
// scans it in Equipment Search: the serial fills the box as if typed and the chair opens. The
// decoder comes from the app's own origin (the service worker's precache), never from a CDN.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { barcodeShapes } from '../../src/files/barcode-shapes';
import { demoAccount } from '../../src/domain/demo-accounts';
import { drawShapes, whiteFrame, y4mVideo } from '../../src/testing/barcode-raster';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';
import { settled, signIn } from './steps';

const SERIAL = 'S30-23-00412';

/** The label as the camera sees it: big, centred, black on white. */
function labelVideo(dir: string): string {
  const frame = whiteFrame(640, 480);
  const qr = barcodeShapes('qrcode', SERIAL);
  const bars = barcodeShapes('code128', SERIAL);
  drawShapes(frame, qr, { left: Math.round((640 - qr.width * 4) / 2), top: 60, scale: 4 });
  drawShapes(frame, bars, { left: Math.round((640 - bars.width * 3) / 2), top: 270, scale: 3 });
  const file = join(dir, 'label.y4m');
  writeFileSync(file, y4mVideo(frame));
  return file;
}

const dir = mkdtempSync(join(tmpdir(), 'chairside-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const demo = demoBackendForThisFile([
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${labelVideo(dir)}`,
]);

describe('Scan label', () => {
  it('reads the label with the camera offline: the serial fills the search and the chair opens', async () => {
    const context = await demo.browser.newContext({
      viewport: { width: 1024, height: 768 },
      permissions: ['camera'],
    });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    const origin = new URL(demo.server.url).origin;
    const elsewhere: string[] = [];
    const wasm: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!['blob:', 'data:'].includes(url.protocol) && url.origin !== origin) {
        elsewhere.push(request.url());
      }
      if (url.pathname.endsWith('.wasm')) wasm.push(url.pathname);
    });

    const engineer = demoAccount('ENGINEER');
    await signIn(page, demo.server.url, engineer, '/dashboard/engineer');
    const syncStatus = page.getByRole('banner').getByRole('button', { name: /^Sync status/ });
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
    // The decoder is precached with the app: nothing of it was fetched so far but by the worker.
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = await Promise.all(
        names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
      );
      return urls.flat().filter((url) => url.includes('.wasm'));
    });
    expect(precached.some((url) => /zxing_reader-[\w-]+\.wasm/.test(url))).toBe(true);

    await context.setOffline(true);
    await page.evaluate(() => {
      window.location.hash = '/dashboard/engineer/equipment';
    });
    // includeHidden: the page under the open dialog is hidden from the accessibility tree.
    const box = page.getByRole('searchbox', { name: 'Search equipment', includeHidden: true });
    await box.waitFor();
    // Headless Chromium on Linux has no BarcodeDetector of its own: the ZXing polyfill reads.
    const native = await page.evaluate(() => 'BarcodeDetector' in globalThis);
    await page.getByRole('button', { name: 'Scan label' }).click();
    await expect.poll(() => box.inputValue(), { timeout: 60_000 }).toBe(SERIAL);
    await page.getByRole('dialog', { name: 'Scan serial label' }).waitFor({ state: 'hidden' });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);

    // As if typed: the search runs and the chair's card opens.
    const card = page.getByRole('listitem', { name: `Chair ${SERIAL}` });
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog').filter({ hasText: SERIAL });
    await details.getByRole('tab', { name: 'Overview' }).waitFor();
    // The dialog at rest (axe read a badge's colours half-way through its opening fade once).
    await settled(page);
    // The decoder compiled under the app's Content-Security-Policy ('wasm-unsafe-eval').
    await checkPage(page, 'Equipment Search after a scan');

    console.info(
      `Scan label e2e: ${native ? "Chromium's own BarcodeDetector" : 'ZXing WebAssembly polyfill'} read the label`,
    );
    if (!native) expect(wasm.some((path) => /zxing_reader-[\w-]+\.wasm$/.test(path))).toBe(true);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
