// The cross-engine scenarios (scenarios.ts) in WebKitGTK, Safari's engine, over WebKitWebDriver.
import { describe, expect, it } from 'vitest';
import { engineScenarios } from './scenarios';
import { webkitEngine } from './webkit';

engineScenarios(webkitEngine);

describe("WebKit's page console", () => {
  it('is read as text through a page script, and React recovering from an error fails the test', async () => {
    const engine = await webkitEngine();
    try {
      const page = await engine.openDevice({ width: 390, height: 844 });
      await page.goto('data:text/html,<title>console</title><p>console</p>');
      await page.evaluate(() => {
        console.warn('The %s is %d%% full', 'outbox', 80, { pending: 3 });
        console.error('%s: Error: a render was redone', 'React recovered from an error');
        return true;
      });
    } finally {
      await engine.closeDevices();
    }
    expect(engine.recoverableErrors?.()).toEqual([
      expect.stringContaining('React recovered from an error: Error: a render was redone'),
    ]);
  });
});
