// Checks every browser test runs on every page it visits: axe-core finds no serious or critical
// accessibility violation, the page breaks no rule of the server's Content-Security-Policy, and
// React never had to redo a render (its recoverable errors, watched on every page of a browser).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { RECOVERABLE_ERROR_PREFIX } from '../../src/app/recoverable-errors';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Axe's serious and critical violations on the page as it is now, one line each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  const loaded = await page.evaluate('typeof window.axe !== "undefined"');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`)) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').replace(/\s+/g, ' ')})`)
          .join('; ')}`,
    );
}

/** Fails the test with axe's words when the page has a serious or critical violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  expect(violations, `accessibility of ${where}`).toEqual([]);
}

/**
 * Records Content-Security-Policy violations in every page of the context, from before the
 * first script runs; read them with cspViolations().
 */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

export async function cspViolations(page: Page): Promise<string[]> {
  return (await page.evaluate('window.__cspViolations ?? []')) as string[];
}

/**
 * Records React's recoverable errors (src/app/recoverable-errors.ts) that any page of any context
 * of `browser` reports from now on; the returned function hands over those seen since it was last
 * called. Each browser test file fails the test during which one was reported
 * (expectNoRecoverableErrors in an afterEach; demoBackendForThisFile's does it).
 */
export function watchRecoverableErrors(browser: Browser): () => string[] {
  const seen: string[] = [];
  browser.on('context', (context) => {
    context.on('console', (message) => {
      if (message.type() !== 'error' || !message.text().startsWith(RECOVERABLE_ERROR_PREFIX))
        return;
      seen.push(`${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
    });
  });
  return () => seen.splice(0);
}

/** Fails the test with every recoverable error `watched` saw since the last check (an afterEach). */
export function expectNoRecoverableErrors(watched: (() => string[]) | undefined): void {
  expect(watched?.() ?? [], 'React recovered from an error').toEqual([]);
}

/**
 * The checks for every page a browser test visits: no serious or critical accessibility
 * violation, and no Content-Security-Policy violation so far (needs watchContentSecurityPolicy
 * on the page's context).
 */
export async function checkPage(page: Page, where: string): Promise<void> {
  expect(await cspViolations(page), `Content-Security-Policy on ${where}`).toEqual([]);
  await expectAccessible(page, where);
}

/** Headings that skip a level on the way down (h1 then h3), in document order, as shown now. */
export const headingJumps = (page: Page) =>
  page.evaluate(() => {
    const jumps: string[] = [];
    let previous = 0;
    for (const h of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
      if (!h.checkVisibility()) continue;
      const level = Number(h.tagName[1]);
      if (level > previous + 1) jumps.push(`h${previous} to h${level} "${h.textContent?.trim()}"`);
      previous = level;
    }
    return jumps;
  });

/** What Tab reaches on the page: the controls it never reaches and the stops without a ring. */
export interface FocusWalk {
  /** Enabled, visible controls Tab never reached, described by tag, role and name. */
  unreachable: string[];
  /** Controls whose focus ring is under 2 px or under 3:1 against what is behind it. */
  badRings: string[];
  /** How many distinct controls Tab reached. */
  reached: number;
}

/**
 * Presses Tab from the top of the page around the whole cycle (until focus comes back to the
 * first stop) and reports every enabled, visible control it never reached, and every stop whose
 * focus ring (outline, or the ring of the control a visually hidden input stands for) is
 * thinner than 2 px or under 3:1 contrast against the background behind it (WCAG 2.4.7,
 * 1.4.11). Roving controls (tabs, radios) count by their one Tab stop.
 */
export async function focusWalk(page: Page): Promise<FocusWalk> {
  await page.evaluate(INSTALL_FOCUS_PROBE);
  const candidates = (await page.evaluate('window.__focusProbe.candidates()')) as string[];
  const badRings = new Set<string>();
  const reached = new Set<string>();
  let first: string | null = null;
  for (let i = 0; i < candidates.length * 2 + 10; i++) {
    await page.keyboard.press('Tab');
    const stop = (await page.evaluate('window.__focusProbe.stop()')) as {
      id: string;
      ring: string | null;
    } | null;
    if (!stop) continue;
    if (stop.id === first) break;
    first ??= stop.id;
    reached.add(stop.id);
    if (stop.ring) badRings.add(stop.ring);
  }
  const described = (await page.evaluate('window.__focusProbe.describe()')) as Record<
    string,
    string
  >;
  return {
    unreachable: candidates.filter((id) => !reached.has(id)).map((id) => described[id] ?? id),
    badRings: [...badRings],
    reached: reached.size,
  };
}

/**
 * The focus ring of the element that has focus now, measured as focusWalk measures each stop: null
 * when it has a ring of 2 px or more at 3:1 or more against what is behind it, else what is wrong.
 * Throws when nothing has focus.
 */
export async function focusedRingProblem(page: Page): Promise<string | null> {
  await page.evaluate(INSTALL_FOCUS_PROBE);
  const stop = (await page.evaluate('window.__focusProbe.stop()')) as {
    ring: string | null;
  } | null;
  if (!stop) throw new Error('Nothing on the page has focus');
  return stop.ring;
}

/** In-page half of focusWalk (a string: evaluated through the DevTools protocol, beyond the CSP). */
const INSTALL_FOCUS_PROBE = `(() => {
  const ids = new WeakMap();
  const byId = new Map();
  let next = 0;
  const idOf = (el) => {
    if (!ids.has(el)) { ids.set(el, 'c' + next++); byId.set(ids.get(el), el); }
    return ids.get(el);
  };
  const name = (el) => (el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent || el.getAttribute('placeholder') || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
  const describe = (el) => el.tagName.toLowerCase() + (el.getAttribute('role') ? '[role=' + el.getAttribute('role') + ']' : '') + ' "' + name(el) + '"';
  const hiddenInput = (el) => { const r = el.getBoundingClientRect(); return el.tagName === 'INPUT' && (r.width <= 1 || r.height <= 1); };
  const shown = (el) => {
    if (el.closest('[inert], [aria-hidden="true"]')) return false;
    if (hiddenInput(el)) { const label = el.closest('label'); return Boolean(label && label.checkVisibility({ visibilityProperty: true })); }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  };
  const SELECTOR = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex], [contenteditable="true"]';
  const candidates = () => {
    const radioGroups = new Set();
    const out = [];
    for (const el of document.querySelectorAll(SELECTOR)) {
      if (el.disabled || el.getAttribute('tabindex') === '-1' || !shown(el)) continue;
      if (el.type === 'radio') { if (radioGroups.has(el.name)) continue; radioGroups.add(el.name); }
      out.push(idOf(el));
    }
    return out;
  };
  const rgba = (value) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(value) || /color\\(srgb ([^)]+)\\)/.exec(value);
    if (!m) return null;
    const parts = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    const scale = value.startsWith('color(') ? 255 : 1;
    return [parts[0] * scale, parts[1] * scale, parts[2] * scale, parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const background = (el) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const c = rgba(getComputedStyle(node).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const ringOf = (el) => {
    let target = el;
    if (hiddenInput(el)) target = el.closest('label')?.querySelector('[data-focus-visible]') || el.parentElement?.querySelector('[data-focus-visible]') || el;
    const style = getComputedStyle(target);
    const width = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
    if (width < 2) return describe(el) + ': ' + (width ? width + ' px' : 'no') + ' outline';
    const colour = rgba(style.outlineColor);
    if (!colour) return describe(el) + ': outline colour ' + style.outlineColor + ' unreadable';
    const offset = parseFloat(style.outlineOffset) || 0;
    const behind = background(offset >= 0 ? (target.parentElement || target) : target);
    const ratio = contrast(over(colour, behind), behind);
    return ratio < 3 ? describe(el) + ': ring ' + style.outlineColor + ' at ' + ratio.toFixed(2) + ':1' : null;
  };
  window.__focusProbe = {
    candidates,
    stop: () => {
      const el = document.activeElement;
      // Past the last control focus leaves the page (activeElement stays, :focus does not).
      if (!el || el === document.body || !document.hasFocus() || !el.matches(':focus')) return null;
      return { id: idOf(el), ring: ringOf(el) };
    },
    describe: () => Object.fromEntries([...byId].map(([id, el]) => [id, describe(el)])),
  };
})()`;
