// The demo vendor at 1440×900 in a real Chromium against the local backend: every vendor route
// (and the engineer details dialog) passes the page checks (axe: no serious or critical
// violation; no CSP violation) and is screenshotted for review; an unassigned ticket and an
// unassigned service request assigned from the vendor screens reach the server, and the engineer,
// in another browser context, sees both; reassigned to someone else, the ticket leaves the
// engineer's list on their next pull.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { demoAccount } from '../../src/domain/demo-accounts';
import { engineerPaths, vendorPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';
import { eventually, settled, visitRoute } from './steps';

const demo = demoBackendForThisFile();
const SHOTS = process.env.SCREENSHOT_DIR;

const visit = (page: Page, path: string, heading: string, shot: string) =>
  visitRoute(page, path, heading, `vendor-${shot}`);

describe('vendor area in the browser', { timeout: 180_000 }, () => {
  it('visits every vendor screen and assigns a ticket and a service request', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    const vendor = demoAccount('VENDOR');
    const engineer = demoAccount('ENGINEER');
    try {
      await page.goto(`${demo.server.url}/#/login`);
      await page.getByLabel('Email').fill(vendor.email);
      await page.getByLabel('Password').fill(vendor.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.hash === `#${vendorPaths.home}`);

      // The charts are drawn (bars in the figure), not an empty box.
      const drawn = async (figure: string) => {
        await page
          .getByRole('figure', { name: figure })
          .locator('.recharts-bar-rectangle')
          .first()
          .waitFor();
      };
      await page.evaluate((target) => {
        window.location.hash = target;
      }, vendorPaths.home);
      await drawn('Active tickets per engineer');
      await visit(page, vendorPaths.home, 'Operations Center', 'operations-center');
      await page.evaluate((target) => {
        window.location.hash = target;
      }, vendorPaths.engineers);
      await drawn('Average resolution time (hours)');
      await drawn('Completion rate');
      // The figures come from index keys in this browser's IndexedDB (not a test double's).
      const { rows: resolved } = await demo.db.query<{ n: number }>(
        `select count(*)::int as n from public.support_tickets
          where engineer_user_id is not null and status in ('RESOLVED', 'CLOSED')`,
      );
      expect(resolved[0]!.n).toBeGreaterThan(0);
      await eventually(
        async () =>
          (await page.getByText('Tickets Resolved').locator('..').textContent()) ===
          `Tickets Resolved${resolved[0]!.n}`,
        'Tickets Resolved counts every resolved ticket',
      );
      await visit(page, vendorPaths.engineers, 'Field Engineers', 'engineers');
      await page.getByRole('button', { name: `View details of ${engineer.name}` }).click();
      const dialog = page.getByRole('dialog');
      for (const tab of ['Overview', 'Skills & Certs', 'Availability', 'Performance']) {
        await dialog.getByRole('tab', { name: tab }).click();
        await settled(page);
        await checkPage(page, `engineer details, ${tab}`);
        const name = tab.toLowerCase().replace(/[^a-z]+/g, '-');
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/vendor-engineer-details-${name}.png` });
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      await visit(page, vendorPaths.tickets, 'Ticket Assignment', 'tickets');
      const { rows: tickets } = await demo.db.query<{ id: string; title: string }>(
        `select id, title from public.support_tickets where engineer_user_id is null
          and status in ('OPEN', 'IN_PROGRESS') order by created_at desc limit 1`,
      );
      const ticket = tickets[0]!;
      await page.getByLabel('Search tickets').fill(ticket.title);
      await page
        .getByRole('combobox', { name: `Assign engineer to ${ticket.title}` })
        .first()
        .selectOption({ label: engineer.name });
      await page.getByText(`Ticket assigned to ${engineer.name}`).waitFor();
      await eventually(async () => {
        const { rows } = await demo.db.query<{ engineer_user_id: string | null; status: string }>(
          'select engineer_user_id, status from public.support_tickets where id = $1',
          [ticket.id],
        );
        return (
          rows[0]?.engineer_user_id === DEMO_USER_IDS.engineer && rows[0].status === 'IN_PROGRESS'
        );
      }, 'the ticket assignment on the server');

      await visit(page, vendorPaths.serviceRequests, 'Service Assignment', 'service-requests');
      const { rows: requests } = await demo.db.query<{ id: string }>(
        `select id from public.service_requests where engineer_user_id is null
          and status = 'PENDING' order by created_at desc limit 1`,
      );
      const request = requests[0];
      if (request) {
        const title = `Service Request #${request.id.slice(-8)}`;
        const select = page.getByRole('combobox', { name: `Assign engineer to ${title}` });
        // The option reads 'James Carter (N scheduled)'.
        const label = await select.locator('option', { hasText: engineer.name }).textContent();
        await select.selectOption({ label: label ?? engineer.name });
        await page.getByText(`Service request assigned to ${engineer.name}`).waitFor();
        await eventually(async () => {
          const { rows } = await demo.db.query<{ engineer_user_id: string | null }>(
            'select engineer_user_id from public.service_requests where id = $1',
            [request.id],
          );
          return rows[0]?.engineer_user_id === DEMO_USER_IDS.engineer;
        }, 'the service request assignment on the server');
      }

      // The engineer, on another device, sees both after their sync.
      const engineerContext = await demo.browser.newContext({
        viewport: { width: 1440, height: 900 },
      });
      try {
        const field = await engineerContext.newPage();
        await field.goto(`${demo.server.url}/#/login`);
        await field.getByLabel('Email').fill(engineer.email);
        await field.getByLabel('Password').fill(engineer.password);
        await field.getByRole('button', { name: 'Sign In', exact: true }).click();
        await field.waitForURL((url) => url.hash === `#${engineerPaths.home}`);
        await field.evaluate((target) => {
          window.location.hash = target;
        }, engineerPaths.tickets);
        await field.getByRole('link', { name: ticket.title }).first().waitFor();
        if (request) {
          await field.evaluate((target) => {
            window.location.hash = target;
          }, engineerPaths.serviceRequests);
          await field
            .getByRole('article', { name: `Service Request #${request.id.slice(-8)}` })
            .waitFor();
        }

        // Reassigned away, the ticket leaves the engineer's mirror on their next pull.
        await visit(page, vendorPaths.tickets, 'Ticket Assignment', 'tickets-after');
        await page.getByLabel('Search tickets').fill(ticket.title);
        const others = await page
          .getByRole('combobox', { name: `Assign engineer to ${ticket.title}` })
          .first()
          .locator('option')
          .allTextContents();
        const other = others.find((name) => name !== engineer.name && name !== 'Unassigned')!;
        await page
          .getByRole('combobox', { name: `Assign engineer to ${ticket.title}` })
          .first()
          .selectOption({ label: other });
        await page.getByText(`Ticket assigned to ${other}`).waitFor();
        await eventually(async () => {
          const { rows } = await demo.db.query<{ engineer_user_id: string | null }>(
            'select engineer_user_id from public.support_tickets where id = $1',
            [ticket.id],
          );
          return (
            Boolean(rows[0]?.engineer_user_id) &&
            rows[0]?.engineer_user_id !== DEMO_USER_IDS.engineer
          );
        }, 'the reassignment on the server');
        await field.reload();
        await field.evaluate((target) => {
          window.location.hash = target;
        }, engineerPaths.tickets);
        await field.getByRole('heading', { level: 1, name: 'Support Tickets' }).waitFor();
        await field.getByRole('link', { name: ticket.title }).waitFor({ state: 'detached' });
      } finally {
        await engineerContext.close();
      }

      await visit(page, vendorPaths.profile, 'My Profile', 'profile');
      expect(await page.getByText('Full Operations Access').count()).toBe(1);

      // Dark mode on the screens with charts and assignment lists.
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await visit(page, vendorPaths.home, 'Operations Center', 'dark-operations-center');
      await visit(page, vendorPaths.engineers, 'Field Engineers', 'dark-engineers');
      await visit(page, vendorPaths.tickets, 'Ticket Assignment', 'dark-tickets');
      await page.getByRole('button', { name: 'Switch to light mode' }).click();
    } finally {
      await context.close();
    }
  });
});
