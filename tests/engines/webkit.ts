// WebKitGTK, Safari's engine, from Debian's packages: its MiniBrowser (libwebkit2gtk-4.1-0) driven
// by WebKitWebDriver (webkit2gtk-driver) through selenium-webdriver, over classic WebDriver.
// MiniBrowser has no headless mode: it needs an X display (`xvfb-run`, as `npm run test:engines`
// runs it). Each device is its own WebKitWebDriver and MiniBrowser with their own temporary data,
// cache and configuration directories (XDG_*), so nothing carries from one device to the next, and
// the configuration's GTK style sheet lets the window be a phone's width (MiniBrowser's toolbar
// would otherwise keep it at least 447 px wide). WebKitWebDriver has no log endpoint and no BiDi,
// and MiniBrowser under --automation writes none of the page's console (its
// --enable-write-console-messages-to-stdout prints nothing there): the page's console is recorded
// by a page script that every script the driver runs puts in and reads (page-console.ts), printed
// as text when the device closes, and React's recoverable errors are watched from it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, Capabilities, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { enginePage, packageVersion, until, type Engine, type EnginePage } from './engine-page';
import { consoleLog, recoverableErrorsIn, takePageConsole, type ConsoleLine } from './page-console';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
/** The MiniBrowser of libwebkit2gtk-4.1-0 (`dpkg -L libwebkit2gtk-4.1-0`). */
export const MINIBROWSER =
  process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * MiniBrowser's toolbar and its entry ask GTK for room enough to keep the window 447 px wide; with
 * no padding and small minimum widths they let it be 390 (the phone's width).
 */
const NARROW_GTK_CSS = `
headerbar, toolbar, box, entry, button { min-width: 0; min-height: 0; padding: 0; margin: 0; }
entry { min-width: 16px; }
`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    }).once('error', () => resolve(false));
  });

/**
 * An async script that runs `fn(arguments[0])` in the page and hands back what it resolves to,
 * with what the page wrote to its console since the last script (takePageConsole).
 */
const asyncCall = (fn: string) => `const done = arguments[arguments.length - 1];
const takeConsole = ${takePageConsole.toString()};
takeConsole();
Promise.resolve().then(() => (${fn})(arguments[0])).then(
  (value) => done({ value, console: takeConsole() }),
  (error) => done({ error: String(error && error.stack || error), console: takeConsole() }),
);`;

function webkitPage(
  driver: WebDriver,
  written: ConsoleLine[],
  stop: () => Promise<void>,
): EnginePage {
  const found = (query: unknown) =>
    driver.executeScript<WebElement | null>('return window.__find(arguments[0]);', query);
  const evaluate: EnginePage['evaluate'] = async (fn, arg) => {
    const result = await driver.executeAsyncScript<{
      value?: never;
      error?: string;
      console: ConsoleLine[];
    }>(asyncCall(fn.toString()), arg ?? null);
    written.push(...result.console);
    if (result.error !== undefined) throw new Error(`In the page: ${result.error}`);
    return result.value as never;
  };
  // A new document: its console recorded from now on.
  const listen = () => evaluate(() => true);
  return enginePage({
    async goto(url) {
      await driver.get(url);
      await listen();
    },
    async reload() {
      await evaluate(() => true);
      await driver.navigate().refresh();
      await listen();
    },
    evaluate,
    async inject(source) {
      // The body of the function WebDriver wraps a script in: what the source declares at its
      // top level stays there, so the libraries put in this way set their globals themselves.
      await driver.executeScript(source);
    },
    async clickFound(query) {
      const element = await found(query);
      if (!element) return false;
      await element.click();
      return true;
    },
    async fillFound(query, text) {
      const element = await found(query);
      if (!element) return false;
      // Three calls: within one, WebKitWebDriver keeps Control down after the chord (Key.NULL does
      // not release it), and the text typed after it as Control+letters changes nothing.
      await element.sendKeys(Key.chord(Key.CONTROL, 'a'));
      await element.sendKeys(Key.BACK_SPACE);
      await element.sendKeys(text);
      return true;
    },
    async screenshot(file) {
      writeFileSync(file, await driver.takeScreenshot(), 'base64');
    },
    close: stop,
  });
}

/** The page's viewport once a resize has been drawn (the same in two frames running). */
async function drawnViewport(driver: WebDriver): Promise<{ width: number; height: number }> {
  const read = () =>
    driver.executeAsyncScript<{ width: number; height: number }>(
      `const done = arguments[arguments.length - 1];
      requestAnimationFrame(() => requestAnimationFrame(() =>
        done({ width: innerWidth, height: innerHeight })));`,
    );
  return until(async () => {
    const [before, after] = [await read(), await read()];
    return before.width === after.width && before.height === after.height ? after : null;
  }, "WebKit's window to take its size");
}

/**
 * Sizes the window so that the page's own viewport (below the toolbar) is `viewport`: the window
 * is made that size, then larger by what the toolbar takes (the window manager-less X server may
 * draw a resize a while after it is asked for).
 */
async function fitViewport(driver: WebDriver, viewport: { width: number; height: number }) {
  const window = driver.manage().window();
  let rect = { ...viewport };
  let inner = { width: 0, height: 0 };
  for (let attempt = 0; attempt < 5; attempt++) {
    await window.setRect(rect);
    inner = await drawnViewport(driver);
    if (inner.width === viewport.width && inner.height === viewport.height) return;
    rect = {
      width: rect.width + viewport.width - inner.width,
      height: rect.height + viewport.height - inner.height,
    };
  }
  throw new Error(
    `WebKit's viewport is ${inner.width}×${inner.height}, not ${viewport.width}×${viewport.height}`,
  );
}

interface Device {
  driver?: WebDriver;
  process: ChildProcess;
  dir: string;
  /** What its pages wrote to their console. */
  written: ConsoleLine[];
  /** Its role in the log: 'device 1 (390×844)'. */
  name: string;
}

/** WebKitGTK's MiniBrowser over WebKitWebDriver: one browser and driver per device. */
export async function webkitEngine(): Promise<Engine> {
  if (!process.env.DISPLAY) {
    throw new Error('WebKitGTK needs an X display: run under xvfb-run (npm run test:engines does)');
  }
  const devices = new Set<Device>();
  const recoverable: string[] = [];
  let opened = 0;
  const browserVersion = execFileSync(MINIBROWSER, ['--version'], { encoding: 'utf8' }).trim();
  // WebKitWebDriver has no --version: its Debian package's.
  const driverVersion = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'webkit2gtk-driver'], {
    encoding: 'utf8',
  });

  const stop = async (device: Device) => {
    if (!devices.delete(device)) return;
    // What the page wrote since the driver's last script, before the browser goes.
    await device.driver
      ?.executeScript<ConsoleLine[]>(`return (${takePageConsole.toString()})();`)
      .then((lines) => device.written.push(...lines))
      .catch(() => undefined);
    if (device.written.length > 0)
      console.log(consoleLog(`WebKit, ${device.name}`, device.written));
    recoverable.push(...recoverableErrorsIn(device.written));
    await device.driver?.quit().catch(() => undefined);
    const child = device.process;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    // The browser's last processes may still be writing their shader cache into the profile as
    // they go (ENOTEMPTY in the engines bench, a device closed a second after it opened): removed
    // again once they are done, without holding the next step up.
    const remove = () => rmSync(device.dir, { recursive: true, force: true, maxRetries: 5 });
    try {
      remove();
    } catch {
      setTimeout(() => {
        try {
          remove();
        } catch (error) {
          console.warn(`WebKit profile ${device.dir} left behind: ${String(error)}`);
        }
      }, 10_000).unref();
    }
  };

  return {
    name: 'WebKit',
    version: `${browserVersion} MiniBrowser (WebKitWebDriver of webkit2gtk-driver ${driverVersion}, selenium-webdriver ${packageVersion('selenium-webdriver')})`,
    async openDevice(viewport) {
      const dir = mkdtempSync(join(tmpdir(), 'chairside-webkit-'));
      for (const sub of ['data', 'cache', join('config', 'gtk-3.0')]) {
        mkdirSync(join(dir, sub), { recursive: true });
      }
      writeFileSync(join(dir, 'config', 'gtk-3.0', 'gtk.css'), NARROW_GTK_CSS);
      const port = await freePort();
      const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
        // Its own messages (no camera, no D-Bus session) are not the page's: left out of the log.
        stdio: 'ignore',
        env: {
          ...process.env,
          XDG_DATA_HOME: join(dir, 'data'),
          XDG_CACHE_HOME: join(dir, 'cache'),
          XDG_CONFIG_HOME: join(dir, 'config'),
        },
      });
      opened += 1;
      const device: Device = {
        process: child,
        dir,
        written: [],
        name: `device ${opened} (${viewport.width}×${viewport.height})`,
      };
      devices.add(device);
      await until(() => listening(port), `WebKitWebDriver on port ${port}`);
      const capabilities = new Capabilities()
        .set('browserName', 'MiniBrowser')
        .set('webkitgtk:browserOptions', {
          binary: MINIBROWSER,
          args: ['--automation'],
        });
      const driver = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities(capabilities)
        .build();
      device.driver = driver;
      await driver.manage().setTimeouts({ script: 120_000, pageLoad: 120_000 });
      await fitViewport(driver, viewport);
      return webkitPage(driver, device.written, () => stop(device));
    },
    recoverableErrors: () => recoverable.splice(0),
    async closeDevices() {
      await Promise.all([...devices].map(stop));
    },
  };
}
