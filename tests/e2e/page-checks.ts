// Checks every browser test runs on every page it visits: axe-core finds no serious or critical
// accessibility violation, and the page breaks no rule of the server's Content-Security-Policy.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

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
 * The checks for every page a browser test visits: no serious or critical accessibility
 * violation, and no Content-Security-Policy violation so far (needs watchContentSecurityPolicy
 * on the page's context).
 */
export async function checkPage(page: Page, where: string): Promise<void> {
  expect(await cspViolations(page), `Content-Security-Policy on ${where}`).toEqual([]);
  await expectAccessible(page, where);
}
