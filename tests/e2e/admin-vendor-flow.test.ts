// Issue 16's browser flow at 1440×900 in a real Chromium against the local backend, one story end
// to end: the admin adds a chair with a full U500 configuration, adds and edits a part and creates
// an engineer user; the vendor assigns an unassigned ticket and a service request to that engineer;
// the engineer, in another browser context, claims the account by signing up, signs in and sees
// both after their sync; the vendor then sees that engineer's device and its last sync time on the
// Field Engineers page. Every screen passes the page checks (axe: no serious or critical
// violation; no CSP violation); screenshots go to SCREENSHOT_DIR when it is set.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/domain/demo-accounts';
import { adminPaths, engineerPaths, paths, vendorPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { watchContentSecurityPolicy } from './page-checks';
import { checkAndShoot, onServer, signIn, visitRoute } from './steps';

const demo = demoBackendForThisFile();
const DESKTOP = { width: 1440, height: 900 };

const NIA = {
  name: 'Nia Field',
  email: 'nia.field@demo.chairside.app',
  password: 'nia-field-2026',
};
const SERIAL = 'U500-26-07781';
const PART = 'Ambidextrous headrest (flow)';

const check = (page: Page, where: string, shot: string) =>
  checkAndShoot(page, where, `flow-${shot}`);
const visit = (page: Page, path: string, heading: string, shot: string) =>
  visitRoute(page, path, heading, `flow-${shot}`);
const signInAs = (page: Page, account: { email: string; password: string }, home: string) =>
  signIn(page, demo.server.url, account, home);
const serverRow = (sql: string, params: unknown[], what: string) =>
  onServer(demo.db, sql, params, what);

async function desktop(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await demo.browser.newContext({ viewport: DESKTOP });
  await watchContentSecurityPolicy(context);
  return { context, page: await context.newPage() };
}

describe('admin, vendor and engineer in one flow', { timeout: 180_000 }, () => {
  it('admin sets up, vendor assigns, the new engineer sees the work, the vendor sees their sync', async () => {
    // --- The admin: a U500 with every option chosen, a part added and edited, an engineer.
    const admin = await desktop();
    try {
      const page = admin.page;
      await signInAs(page, demoAccount('ADMIN'), adminPaths.home);
      await visit(page, adminPaths.home, 'Overview', 'admin-overview');

      await visit(page, adminPaths.chairs, 'Chairs', 'admin-chairs');
      await page.getByRole('button', { name: 'Add to Inventory' }).click();
      const chairForm = page.getByRole('form', { name: 'Add chair' });
      await chairForm.getByRole('textbox', { name: /Serial Number/ }).fill(SERIAL);
      await chairForm.getByRole('combobox', { name: /^Model/ }).selectOption('U500');
      const configuration = {
        deliverySystem: ['Delivery System', 'Hanging Delivery'],
        instrumentOption: ['Instrument Option', 'Option 1'],
        assistantChairside: ['Assistant Chairside', 'European Ambidextrous'],
        lighting: ['Lighting', 'U500 LED Light'],
        footControl: ['Foot Control', 'Wireless Pedal'],
        monitorBracket: ['Monitor Bracket', 'Monitor with Intra Oral Camera'],
        upholsteryType: ['Upholstery Type', 'Formed'],
        upholsteryColor: ['Upholstery Colour', 'H14'],
      } as const;
      for (const [label, option] of Object.values(configuration)) {
        await chairForm
          .getByRole('combobox', { name: new RegExp(`^${label}`) })
          .selectOption(option);
      }
      await check(page, 'add chair dialog', 'admin-add-chair');
      await page.getByRole('dialog').getByRole('button', { name: 'Add to Inventory' }).click();
      await page.getByText('Chair added to inventory with full configuration').waitFor();
      const chair = await serverRow(
        `select model, status, configuration from public.chairs where serial_number = $1`,
        [SERIAL],
        'the new U500',
      );
      expect(chair).toEqual({
        model: 'U500',
        status: 'IN_STOCK',
        configuration: Object.fromEntries(
          Object.entries(configuration).map(([key, [, option]]) => [key, option]),
        ),
      });

      await visit(page, adminPaths.parts, 'Parts', 'admin-parts');
      await page.getByRole('button', { name: 'Add Part' }).click();
      const partForm = page.getByRole('form', { name: 'Part' });
      await partForm.getByRole('textbox', { name: /^Name/ }).fill(PART);
      await partForm.getByRole('textbox', { name: /Part Code/ }).fill('U500-HR-FLOW');
      await partForm.getByRole('spinbutton', { name: /Price/ }).fill('189.5');
      await partForm.getByRole('spinbutton', { name: /Stock/ }).fill('4');
      await check(page, 'add part dialog', 'admin-add-part');
      await page.getByRole('dialog').getByRole('button', { name: 'Add Part' }).click();
      await page.getByText('Part added successfully').waitFor();
      await page.getByRole('button', { name: `Edit ${PART}` }).click();
      const editForm = page.getByRole('form', { name: 'Part' });
      await editForm.getByRole('spinbutton', { name: /Price/ }).fill('199');
      await editForm.getByRole('spinbutton', { name: /Stock/ }).fill('9');
      await check(page, 'edit part dialog', 'admin-edit-part');
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Part updated successfully').waitFor();
      await serverRow(
        `select id from public.parts where part_code = 'U500-HR-FLOW' and stock = 9 and price = 199`,
        [],
        'the edited part',
      );

      await visit(page, adminPaths.users, 'Users', 'admin-users');
      await page.getByRole('button', { name: 'Add User' }).click();
      const userForm = page.getByRole('form', { name: 'Add user' });
      await userForm.getByRole('textbox', { name: /^Name/ }).fill(NIA.name);
      await userForm.getByRole('textbox', { name: /^Email/ }).fill(NIA.email);
      await userForm.getByRole('combobox', { name: /Role/ }).selectOption('ENGINEER');
      await userForm.getByRole('textbox', { name: /Location/ }).fill('Harrogate');
      await userForm.getByRole('textbox', { name: /Coverage Areas/ }).fill('Harrogate, Ripon');
      await userForm.getByRole('textbox', { name: /Specializations/ }).fill('U500 Ambidextrous');
      await check(page, 'add user dialog', 'admin-add-user');
      await page.getByRole('button', { name: 'Create User' }).click();
      await page.getByText('User created successfully').waitFor();
      await serverRow(
        `select id from public.users where email = $1 and role = 'ENGINEER'`,
        [NIA.email],
        'the new engineer',
      );
    } finally {
      await admin.context.close();
    }

    // --- The vendor: an unassigned ticket and a pending service request, both to Nia.
    const vendor = await desktop();
    try {
      const page = vendor.page;
      await signInAs(page, demoAccount('VENDOR'), vendorPaths.home);
      await visit(page, vendorPaths.home, 'Operations Center', 'vendor-operations-center');

      const { rows: tickets } = await demo.db.query<{ id: string; title: string }>(
        `select id, title from public.support_tickets where engineer_user_id is null
          and status = 'OPEN' order by created_at desc limit 1`,
      );
      const ticket = tickets[0]!;
      await visit(page, vendorPaths.tickets, 'Ticket Assignment', 'vendor-tickets');
      await page.getByLabel('Search tickets').fill(ticket.title);
      await page
        .getByRole('combobox', { name: `Assign engineer to ${ticket.title}` })
        .first()
        .selectOption({ label: NIA.name });
      await page.getByText(`Ticket assigned to ${NIA.name}`).waitFor();
      await check(page, 'ticket assigned', 'vendor-ticket-assigned');

      const { rows: requests } = await demo.db.query<{ id: string }>(
        `select id from public.service_requests where engineer_user_id is null
          and status = 'PENDING' order by created_at desc limit 1`,
      );
      const request = `Service Request #${requests[0]!.id.slice(-8)}`;
      await visit(page, vendorPaths.serviceRequests, 'Service Assignment', 'vendor-requests');
      const select = page.getByRole('combobox', { name: `Assign engineer to ${request}` });
      // Options read 'Nia Field (0 scheduled)'.
      await select.selectOption({ label: `${NIA.name} (0 scheduled)` });
      await page.getByText(`Service request assigned to ${NIA.name}`).waitFor();
      await check(page, 'service request assigned', 'vendor-request-assigned');
      for (const [table, id] of [
        ['support_tickets', ticket.id],
        ['service_requests', requests[0]!.id],
      ] as const) {
        await serverRow(
          `select t.id from public.${table} t join public.users u on u.id = t.engineer_user_id
            where t.id = $1 and u.email = $2`,
          [id, NIA.email],
          `the ${table} assignment`,
        );
      }

      await visit(page, vendorPaths.engineers, 'Field Engineers', 'vendor-engineers-before');
      const niaCard = page.getByRole('article', { name: NIA.name });
      await niaCard.getByText('No device has synced yet.').waitFor();

      // --- Nia, on her own device: claims the account, signs in, sees both after her sync.
      const field = await desktop();
      try {
        const tablet = field.page;
        await tablet.goto(`${demo.server.url}/#${paths.signup}`);
        await tablet.getByRole('textbox', { name: /^Name/ }).fill(NIA.name);
        await tablet.getByRole('textbox', { name: /^Email/ }).fill(NIA.email);
        await tablet.getByLabel(/^Password/).fill(NIA.password);
        await tablet.getByLabel(/^Confirm Password/).fill(NIA.password);
        await tablet.getByRole('combobox', { name: /Role/ }).selectOption('ENGINEER');
        await check(tablet, 'sign-up', 'engineer-sign-up');
        await tablet.getByRole('button', { name: 'Create Account' }).click();
        await tablet.getByText('Account created successfully! Redirecting to login...').waitFor();
        await tablet.waitForURL((url) => url.hash === `#${paths.login}`);
        await signInAs(tablet, NIA, engineerPaths.home);
        await visit(tablet, engineerPaths.tickets, 'Support Tickets', 'engineer-tickets');
        await tablet.getByRole('link', { name: ticket.title }).first().waitFor();
        await check(tablet, 'engineer tickets after sync', 'engineer-tickets-synced');
        await visit(tablet, engineerPaths.serviceRequests, 'Service Requests', 'engineer-requests');
        await tablet.getByRole('article', { name: request }).waitFor();
        await check(tablet, 'engineer requests after sync', 'engineer-requests-synced');
        await serverRow(
          `select d.id from public.device_health d join public.users u on u.id = d.user_id
            where u.email = $1`,
          [NIA.email],
          "the engineer's device health report",
        );
      } finally {
        await field.context.close();
      }

      // --- The vendor's next sync (at start) brings Nia's device and when it last synced.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Field Engineers' }).waitFor();
      const device = page
        .getByRole('article', { name: NIA.name })
        .getByRole('listitem', { name: 'Device Chrome on Linux' });
      await device.waitFor();
      const synced = device.locator('time');
      expect(await synced.textContent()).toMatch(/^Synced (just now|\d+ min ago)$/);
      expect(await synced.getAttribute('title')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, /);
      expect(await device.textContent()).toContain('Queued: 0');
      expect(await device.textContent()).toContain('Needs attention: 0');
      // The demo data's other tablets: one silent for three days with refused changes is flagged.
      const silent = page
        .getByRole('article', { name: 'Daniel Okafor' })
        .getByRole('listitem', { name: 'Device Safari on iPad' });
      expect(await silent.textContent()).toContain('Not synced for over 24 h · needs attention');
      await device.scrollIntoViewIfNeeded();
      await check(page, 'Field Engineers with device health', 'vendor-engineers-after');
      await page.getByRole('button', { name: `View details of ${NIA.name}` }).click();
      const dialog = page.getByRole('dialog', { name: NIA.name });
      await dialog.getByRole('region', { name: 'Devices' }).getByText('Chrome on Linux').waitFor();
      await check(page, 'engineer details with devices', 'vendor-engineer-details');
    } finally {
      await vendor.context.close();
    }
  });
});
