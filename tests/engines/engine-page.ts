// What a cross-engine scenario does with a page, whatever drives the browser (puppeteer-core over
// WebDriver BiDi for Firefox, selenium-webdriver over classic WebDriver for WebKitGTK): go to an
// address, run a function in the page, find an element by role and name or by label or text as a
// person would (Testing Library's queries, put into the page by the driver, which the page's
// Content-Security-Policy does not govern), click it, type into it, take a screenshot. Waits are
// for states: a check is asked again until it holds or its patience (a hang's, not a slow
// machine's) runs out.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** Testing Library's DOM queries as one script that sets `TestingLibraryDom` on the page. */
export const QUERIES_SOURCE = readFileSync(
  require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
);

/** The installed version of an npm package (a driver), for the log. */
export function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** A string or a pattern, as it crosses into the page (a RegExp does not survive the trip). */
export type Match = string | { regex: string; flags: string };

/** How a person finds an element: by role and accessible name, by label, or by its text. */
export type Query =
  | { role: string; name?: Match; within?: Query }
  | { label: Match; within?: Query }
  | { text: Match; within?: Query };

/** A pattern for a Query's name or text. */
export const pattern = (re: RegExp): Match => ({ regex: re.source, flags: re.flags });

export const byRole = (role: string, name?: string | RegExp, within?: Query): Query => ({
  role,
  ...(name === undefined ? {} : { name: typeof name === 'string' ? name : pattern(name) }),
  ...(within ? { within } : {}),
});
export const byLabel = (label: string | RegExp, within?: Query): Query => ({
  label: typeof label === 'string' ? label : pattern(label),
  ...(within ? { within } : {}),
});
export const byText = (text: string | RegExp, within?: Query): Query => ({
  text: typeof text === 'string' ? text : pattern(text),
  ...(within ? { within } : {}),
});

/** A query's description in a failure message. */
export function describeQuery(query: Query): string {
  const shown = (m: Match) => (typeof m === 'string' ? `'${m}'` : `/${m.regex}/${m.flags}`);
  const own =
    'role' in query
      ? `${query.role}${query.name === undefined ? '' : ` named ${shown(query.name)}`}`
      : 'label' in query
        ? `the field labelled ${shown(query.label)}`
        : `the text ${shown(query.text)}`;
  return query.within ? `${own} in ${describeQuery(query.within)}` : own;
}

/**
 * The first element the query finds in the page, or null (run in the page, with
 * `TestingLibraryDom` loaded). Kept self-contained: the drivers send its source text.
 */
export function findInPage(query: Query): Element | null {
  type Queries = Record<string, (root: Element, ...args: unknown[]) => Element[]>;
  const tl = (window as unknown as { TestingLibraryDom: Queries }).TestingLibraryDom;
  const match = (m: Match) => (typeof m === 'string' ? m : new RegExp(m.regex, m.flags));
  const find = (q: Query, root: Element): Element | null => {
    const scope = q.within ? find(q.within, root) : root;
    if (!scope) return null;
    const found =
      'role' in q
        ? tl.queryAllByRole!(scope, q.role, q.name === undefined ? {} : { name: match(q.name) })
        : 'label' in q
          ? tl.queryAllByLabelText!(scope, match(q.label))
          : tl.queryAllByText!(scope, match(q.text));
    return found[0] ?? null;
  };
  return find(query, document.body);
}

/** What a driver does with its page; the queries are the page's `__find` (pageQueries). */
export interface PageDriver {
  /** Loads `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn(arg)` in the page (awaiting a promise it returns) and hands back its result. */
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<Awaited<T>>;
  /** Runs a script's source in the page's global scope (a library's UMD build, axe). */
  inject(source: string): Promise<void>;
  /** Clicks what `__find(query)` finds, as a pointer would; false when it finds nothing. */
  clickFound(query: Query): Promise<boolean>;
  /**
   * Types `text` key by key into the field `__find(query)` finds, in place of what it held (all
   * of it selected and deleted from the keyboard first); false when it finds nothing.
   */
  fillFound(query: Query, text: string): Promise<boolean>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** What a scenario does with one page of one engine. */
export interface EnginePage extends PageDriver {
  /** Clicks the element (throws when it is not in the page). */
  click(query: Query): Promise<void>;
  /** Types into the field in place of what it held (throws when it is not in the page). */
  fill(query: Query, text: string): Promise<void>;
  /** The element's text, or null when it is not in the page. */
  textOf(query: Query): Promise<string | null>;
  /** Chooses the option whose text or value is `option` in the select, as a change by the user. */
  select(query: Query, option: string): Promise<void>;
}

/** Testing Library and `window.__find` (findInPage), as one script for the page. */
const PAGE_QUERIES = `${QUERIES_SOURCE};\nwindow.__find = ${findInPage.toString()};`;

type FindWindow = Window & { __find?: (query: Query) => Element | null };

/** The scenarios' page over a driver: the queries put into each document before they are used. */
export function enginePage(driver: PageDriver): EnginePage {
  const loaded = async () => {
    if (!(await driver.evaluate(() => typeof (window as FindWindow).__find === 'function'))) {
      await driver.inject(PAGE_QUERIES);
    }
  };
  const found = (done: boolean, query: Query) => {
    if (!done) throw new Error(`Not in the page: ${describeQuery(query)}`);
  };
  return {
    ...driver,
    async click(query) {
      await loaded();
      found(await driver.clickFound(query), query);
    },
    async fill(query, text) {
      await loaded();
      found(await driver.fillFound(query, text), query);
    },
    async textOf(query) {
      await loaded();
      return driver.evaluate((q) => (window as FindWindow).__find!(q)?.textContent ?? null, query);
    },
    async select(query, option) {
      await loaded();
      const chosen = await driver.evaluate(
        ({ q, option }) => {
          const select = (window as FindWindow).__find!(q);
          if (!(select instanceof HTMLSelectElement)) return false;
          const match = [...select.options].find(
            (o) => o.value === option || o.text.trim() === option,
          );
          if (!match) return false;
          // As a choice in the browser's own list (the option itself, not the select's value,
          // which React tracks and would take for no change), then input and change.
          match.selected = true;
          select.dispatchEvent(new Event('input', { bubbles: true }));
          select.dispatchEvent(new Event('change', { bubbles: true }));
          return true;
        },
        { q: query, option },
      );
      if (!chosen) throw new Error(`No option '${option}' in ${describeQuery(query)}`);
    },
  };
}

/** A browser engine the scenarios run in, and what it was. */
export interface Engine {
  /** 'Firefox' or 'WebKit'. */
  name: string;
  /** The browser, its version and the driver, for the log. */
  version: string;
  /** A new device: a fresh browser with no storage, showing pages at `viewport`. */
  openDevice(viewport: { width: number; height: number }): Promise<EnginePage>;
  /**
   * React's recoverable errors any page reported since the last call (see page-checks.ts); absent
   * where the engine's page console cannot be read.
   */
  recoverableErrors?: () => string[];
  /** Ends every device openDevice started that is still open (after each test). */
  closeDevices(): Promise<void>;
}

/** How long a state may take to come before a wait says it has not (a hang's patience). */
export const STATE_PATIENCE_MS = 60_000;

/** Asks `check` again until it gives a value other than false/null/undefined; that value. */
export async function until<T>(
  check: () => Promise<T | false | null | undefined>,
  what: string | (() => string),
  timeoutMs = STATE_PATIENCE_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(
        `Waited ${timeoutMs / 1000} s for ${typeof what === 'string' ? what : what()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for the element to be in the page; its text. */
export function waitFor(page: EnginePage, query: Query, timeoutMs?: number): Promise<string> {
  return until(() => page.textOf(query), describeQuery(query), timeoutMs);
}

/** Waits until the element's text matches `expected`; that text. */
export function waitForText(
  page: EnginePage,
  query: Query,
  expected: RegExp,
  timeoutMs?: number,
): Promise<string> {
  let last: string | null = null;
  return until(
    async () => {
      last = await page.textOf(query);
      return last !== null && expected.test(last) ? last : null;
    },
    () => `${describeQuery(query)} to read ${expected} (it read ${JSON.stringify(last)})`,
    timeoutMs,
  );
}
