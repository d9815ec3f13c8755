// The demo admin at 1440×900 in a real Chromium against the local backend: every admin route and
// the add-user, add-chair and part dialogs pass the page checks (axe: no serious or critical
// violation; no CSP violation) and are screenshotted for review (SCREENSHOT_DIR). The admin adds a
// chair with a full U500 configuration, adds and edits a part and creates an engineer user; each
// reaches the server.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/domain/demo-accounts';
import { adminPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';
import { checkAndShoot, onServer as serverRow, settled, visitRoute } from './steps';

const demo = demoBackendForThisFile();
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-${name}.png` });
}

const visit = (page: Page, path: string, heading: string, name: string) =>
  visitRoute(page, path, heading, `admin-${name}`);

/** Checks an open dialog or a changed screen and screenshots it as `admin-{name}`. */
const checkShot = (page: Page, where: string, name: string) =>
  checkAndShoot(page, where, `admin-${name}`);

const onServer = (sql: string, params: unknown[], what: string) =>
  serverRow(demo.db, sql, params, what);

describe('admin area in the browser', { timeout: 180_000 }, () => {
  it('visits every admin screen; adds a U500, adds and edits a part, creates an engineer', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    const admin = demoAccount('ADMIN');
    try {
      await page.goto(`${demo.server.url}/#/login`);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.hash === `#${adminPaths.home}`);

      await visit(page, adminPaths.home, 'Overview', 'overview');

      await visit(page, adminPaths.users, 'Users', 'users');
      await page.getByRole('button', { name: 'Add User' }).click();
      const userForm = page.getByRole('form', { name: 'Add user' });
      await userForm.getByRole('textbox', { name: /^Name/ }).fill('Nia Field');
      await userForm.getByRole('textbox', { name: /^Email/ }).fill('nia.field@demo.chairside.app');
      await userForm.getByRole('combobox', { name: /Role/ }).selectOption('ENGINEER');
      await userForm.getByRole('textbox', { name: /Location/ }).fill('Leeds');
      await userForm.getByRole('textbox', { name: /Coverage Areas/ }).fill('Leeds, York');
      await userForm.getByRole('textbox', { name: /Specializations/ }).fill('U500 Ambidextrous');
      await settled(page);
      await checkPage(page, 'add user dialog');
      await shot(page, 'add-user');
      await page.getByRole('button', { name: 'Create User' }).click();
      await page.getByText('User created successfully').waitFor();
      const nia = await onServer(
        `select role, engineer from public.users where email = $1`,
        ['nia.field@demo.chairside.app'],
        'the new engineer',
      );
      expect(nia.role).toBe('ENGINEER');
      expect(nia.engineer).toMatchObject({ location: 'Leeds', coverageAreas: ['Leeds', 'York'] });

      await visit(page, adminPaths.chairs, 'Chairs', 'chairs');
      await page.getByRole('button', { name: 'Add to Inventory' }).click();
      const chairForm = page.getByRole('form', { name: 'Add chair' });
      await chairForm.getByRole('textbox', { name: /Serial Number/ }).fill('U500-99-00001');
      await chairForm.getByRole('combobox', { name: /^Model/ }).selectOption('U500');
      await chairForm.getByRole('combobox', { name: /Instrument Option/ }).selectOption('Option 2');
      await chairForm
        .getByRole('combobox', { name: /Foot Control/ })
        .selectOption('Wireless Lever');
      await chairForm
        .getByRole('combobox', { name: /Monitor Bracket/ })
        .selectOption('Monitor with Intra Oral Camera');
      await chairForm.getByRole('combobox', { name: /Upholstery Type/ }).selectOption('Sewn');
      await chairForm.getByRole('combobox', { name: /Upholstery Colour/ }).selectOption('S16');
      await settled(page);
      await checkPage(page, 'add chair dialog');
      await shot(page, 'add-chair');
      await page.getByRole('dialog').getByRole('button', { name: 'Add to Inventory' }).click();
      await page.getByText('Chair added to inventory with full configuration').waitFor();
      const chair = await onServer(
        `select model, status, configuration from public.chairs where serial_number = $1`,
        ['U500-99-00001'],
        'the new chair',
      );
      expect(chair).toMatchObject({
        model: 'U500',
        status: 'IN_STOCK',
        configuration: {
          deliverySystem: 'Hanging Delivery',
          instrumentOption: 'Option 2',
          assistantChairside: 'European Ambidextrous',
          lighting: 'U500 LED Light',
          footControl: 'Wireless Lever',
          upholsteryType: 'Sewn',
          upholsteryColor: 'S16',
          monitorBracket: 'Monitor with Intra Oral Camera',
        },
      });

      // The new chair's configuration, as the admin reads it back.
      await page.getByLabel('Search chairs').fill('U500-99-00001');
      await page
        .getByRole('article', { name: 'U500-99-00001' })
        .getByRole('button', { name: 'View Configuration' })
        .click();
      await page.getByRole('dialog', { name: 'Configuration: U500-99-00001' }).waitFor();
      await checkShot(page, 'view configuration dialog', 'view-configuration');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // A registered chair reassigned to another customer.
      await page.getByLabel('Search chairs').fill('');
      await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('REGISTERED');
      const owner = page.getByRole('combobox', { name: /^Owner of / }).first();
      await owner.focus();
      const current = await owner.inputValue();
      const options = await owner
        .locator('option')
        .evaluateAll((list) =>
          list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })),
        );
      const target = options.find((o) => o.value && o.value !== current)!;
      await owner.selectOption(target.value);
      await page.getByText(`Chair assigned to ${target.label}`).waitFor();
      await checkShot(page, 'chair reassigned', 'chair-reassigned');

      await visit(page, adminPaths.parts, 'Parts', 'parts');
      await page.getByRole('button', { name: 'Add Part' }).click();
      const partForm = page.getByRole('form', { name: 'Part' });
      await partForm.getByRole('textbox', { name: /^Name/ }).fill('Headrest cushion (test)');
      await partForm.getByRole('textbox', { name: /Part Code/ }).fill('HC-T1');
      await partForm.getByRole('spinbutton', { name: /Price/ }).fill('45.5');
      await partForm.getByRole('spinbutton', { name: /Stock/ }).fill('12');
      await settled(page);
      await checkPage(page, 'add part dialog');
      await shot(page, 'add-part');
      await page.getByRole('dialog').getByRole('button', { name: 'Add Part' }).click();
      await page.getByText('Part added successfully').waitFor();
      await onServer(
        `select id from public.parts where part_code = 'HC-T1' and stock = 12`,
        [],
        'the new part',
      );
      await page.getByRole('button', { name: 'Edit Headrest cushion (test)' }).click();
      await page
        .getByRole('form', { name: 'Part' })
        .getByRole('spinbutton', { name: /Stock/ })
        .fill('30');
      await checkShot(page, 'edit part dialog', 'edit-part');
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Part updated successfully').waitFor();
      await onServer(
        `select id from public.parts where part_code = 'HC-T1' and stock = 30`,
        [],
        'the edited part',
      );

      await visit(page, adminPaths.training, 'Training', 'training');
      await page.getByRole('button', { name: 'Add Resource' }).click();
      await page.getByRole('form', { name: 'Training resource' }).waitFor();
      await checkShot(page, 'add training dialog', 'add-training');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page
        .getByRole('list', { name: 'Training resources' })
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await page.getByRole('form', { name: 'Training resource' }).waitFor();
      await checkShot(page, 'edit training dialog', 'edit-training');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await visit(page, adminPaths.partRequests, 'Part Requests', 'part-requests');
      // A pending request quoted, and the cancel confirmation of another open one.
      await page
        .getByRole('button', { name: /^Mark as Quoted / })
        .first()
        .click();
      await page.getByText('Part request marked as quoted').waitFor();
      await checkShot(page, 'part request quoted', 'part-request-quoted');
      await page
        .getByRole('button', { name: /^Cancel Request / })
        .first()
        .click();
      await page
        .getByText(/^Cancel Request #\w+\? The customer will see it as cancelled\.$/)
        .waitFor();
      await checkShot(page, 'cancel part request dialog', 'part-request-cancel');
      await page.getByRole('button', { name: 'Keep Request' }).click();
      await page.getByRole('button', { name: 'Keep Request' }).waitFor({ state: 'detached' });

      await visit(page, adminPaths.tickets, 'Support Tickets', 'tickets');
      await visit(page, adminPaths.serviceRequests, 'Service Requests', 'service-requests');
      await visit(page, adminPaths.installations, 'Installations', 'installations');
      // The demo chair's signed installation offers its report, made in this browser (issue 20).
      const report = page.getByRole('button', { name: /^Installation Report #/ });
      expect(await report.count()).toBe(1);
      const download = page.waitForEvent('download');
      await report.click();
      expect((await download).suggestedFilename()).toMatch(/^installation-report-\w{8}\.pdf$/);
      await visit(page, adminPaths.profile, 'Profile', 'profile');
      expect(await page.getByText('Full System Access').count()).toBe(1);

      // Dark mode on the busiest screens.
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await visit(page, adminPaths.home, 'Overview', 'dark-overview');
      await visit(page, adminPaths.chairs, 'Chairs', 'dark-chairs');
      await visit(page, adminPaths.partRequests, 'Part Requests', 'dark-part-requests');
      await page.getByRole('button', { name: 'Switch to light mode' }).click();
    } finally {
      await context.close();
    }
  });
});
