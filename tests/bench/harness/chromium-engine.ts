// Chromium as one of the cross-engine scenarios' engines (tests/engines/engine-page.ts), for the
// engines bench (issue 46): Debian's Chromium driven by playwright-core, one context per device,
// so a figure in Chromium is taken exactly as it is in Firefox and WebKit.
import { chromium, type BrowserContext, type ElementHandle, type Page } from 'playwright-core';
import { launchOptions } from '../../e2e/browser';
import { enginePage, packageVersion, type Engine, type Query } from '../../engines/engine-page';

type FindWindow = Window & { __find?: (query: Query) => Element | null };

async function found(page: Page, query: Query): Promise<ElementHandle | null> {
  const handle = await page.evaluateHandle((q) => (window as FindWindow).__find!(q), query);
  const element = handle.asElement();
  if (!element) await handle.dispose();
  return element as ElementHandle | null;
}

/** Chromium, and a way to close it once every device is done. */
export async function chromiumEngine(): Promise<Engine & { quit(): Promise<void> }> {
  const browser = await chromium.launch(launchOptions());
  const contexts = new Set<BrowserContext>();
  return {
    name: 'Chromium',
    version: `Chromium ${browser.version()} (playwright-core ${packageVersion('playwright-core')} over CDP)`,
    async openDevice(viewport) {
      const context = await browser.newContext({ viewport });
      contexts.add(context);
      const page = await context.newPage();
      return enginePage({
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        reload: async () => void (await page.reload({ waitUntil: 'load' })),
        evaluate: (fn, arg) => page.evaluate(fn, arg as never) as never,
        inject: async (source) => void (await page.evaluate(source)),
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
          await element.fill('');
          await element.type(text);
          await element.dispose();
          return true;
        },
        screenshot: async (file) => void (await page.screenshot({ path: file })),
        async close() {
          contexts.delete(context);
          await context.close();
        },
      });
    },
    async closeDevices() {
      await Promise.all([...contexts].map((context) => context.close()));
      contexts.clear();
    },
    quit: () => browser.close(),
  };
}
