// Firefox ESR from Debian's `firefox-esr` package, driven by puppeteer-core over WebDriver BiDi
// (Firefox's own remote protocol; no browser download, no geckodriver). Each device is a fresh
// headless Firefox with its own temporary profile: nothing carries from one device to the next.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { RECOVERABLE_ERROR_PREFIX } from '../../src/app/recoverable-errors';
import {
  enginePage,
  packageVersion,
  type Engine,
  type EnginePage,
  type Query,
} from './engine-page';

/** Debian's Firefox ESR (the binary itself: /usr/bin/firefox-esr is a link to it). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/lib/firefox-esr/firefox-esr';

type FindWindow = Window & { __find?: (query: Query) => Element | null };

async function found(page: Page, query: Query): Promise<ElementHandle | null> {
  const handle = await page.evaluateHandle((q) => (window as FindWindow).__find!(q), query);
  const element = handle.asElement();
  if (!element) await handle.dispose();
  return element as ElementHandle | null;
}

function firefoxPage(browser: Browser, page: Page): EnginePage {
  return enginePage({
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    evaluate: (fn, arg) => page.evaluate(fn, arg as never) as never,
    async inject(source) {
      await page.evaluate(source);
    },
    async clickFound(query) {
      const element = await found(page, query);
      if (!element) return false;
      await element.click();
      await element.dispose();
      return true;
    },
    async fillFound(query, text) {
      const element = await found(page, query);
      if (!element) return false;
      await element.focus();
      await page.keyboard.down('Control');
      await page.keyboard.press('KeyA');
      await page.keyboard.up('Control');
      await page.keyboard.press('Backspace');
      await element.type(text);
      await element.dispose();
      return true;
    },
    async screenshot(file) {
      writeFileSync(file, await page.screenshot());
    },
    close: () => browser.close(),
  });
}

/** Firefox ESR over BiDi: one headless browser per device. */
export async function firefoxEngine(): Promise<Engine> {
  const browsers = new Set<Browser>();
  const errors: string[] = [];
  const launch = () =>
    puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true });
  const browserVersion = execFileSync(FIREFOX_PATH, ['--version'], { encoding: 'utf8' }).trim();
  const driver = `puppeteer-core ${packageVersion('puppeteer-core')} over WebDriver BiDi`;
  return {
    name: 'Firefox',
    version: `${browserVersion} (${driver})`,
    async openDevice(viewport) {
      const browser = await launch();
      browsers.add(browser);
      browser.once('disconnected', () => browsers.delete(browser));
      const [page] = await browser.pages();
      const tab = page ?? (await browser.newPage());
      tab.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith(RECOVERABLE_ERROR_PREFIX)) {
          errors.push(`${tab.url()}: ${message.text()}`);
        }
      });
      await tab.setViewport(viewport);
      return firefoxPage(browser, tab);
    },
    recoverableErrors: () => errors.splice(0),
    async closeDevices() {
      await Promise.all([...browsers].map((browser) => browser.close()));
    },
  };
}
