// axe-core in any engine's page: put in by the driver (the page's Content-Security-Policy does not
// govern it), run over the whole document with the rules the Chromium suite runs (WCAG 2.0 and 2.1
// A and AA, and best practice), each violation one line. As in the Chromium suite
// (tests/e2e/page-checks.ts) a serious or critical one fails a test; the moderate and minor ones
// are handed back apart, for the log.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { EnginePage } from './engine-page';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

type AxeWindow = Window & {
  axe?: {
    run: (
      context: Document,
      options: object,
    ) => Promise<{
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; html: string }[];
      }[];
    }>;
  };
};

/** The page's axe violations as it is now, as `impact id: help (where)`, by weight. */
export async function axeViolationsIn(
  page: EnginePage,
): Promise<{ serious: string[]; lesser: string[] }> {
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe !== 'undefined'))) {
    await page.inject(AXE_SOURCE);
  }
  const found = await page.evaluate(async () => {
    const result = await (window as AxeWindow).axe!.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v): Found => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
    }));
  });
  const line = (v: Found) =>
    `${v.impact ?? 'unrated'} ${v.id}: ${v.help} (${v.targets.join('; ')})`;
  const serious = (v: Found) => v.impact === 'serious' || v.impact === 'critical';
  return {
    serious: found.filter(serious).map(line),
    lesser: found.filter((v) => !serious(v)).map(line),
  };
}
