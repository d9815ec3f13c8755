import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPaths } from '../../../domain/paths';
import { checklistItemIds } from '../../../domain/installation-checklist';
import {
  CUSTOMER_ID,
  ENGINEER_ID,
  chairRow,
  installationRow,
  userRow,
} from '../../../testing/rows';
import { renderAdmin } from '../test-fixtures';
import { InstallationsScreen } from './installations-screen';

const CHAIR = '20000000-0000-4000-8000-000000000007';
const DONE = '60000000-0000-4000-8000-0000000000d1';
const STARTED = '60000000-0000-4000-8000-0000000000d2';
const allTicked = Object.fromEntries(checklistItemIds().map((id) => [id, true]));
const items = checklistItemIds().length;

const seed = async (db: Parameters<NonNullable<Parameters<typeof renderAdmin>[1]['seed']>>[0]) => {
  await db.users.bulkPut([
    userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }),
    userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
  ]);
  await db.chairs.put(
    chairRow({ id: CHAIR, serialNumber: 'U500-0099', model: 'U500', ownerUserId: CUSTOMER_ID }),
  );
  await db.installations.bulkPut([
    installationRow({
      id: DONE,
      chairId: CHAIR,
      engineerUserId: ENGINEER_ID,
      checklist: allTicked,
      customerName: 'Dr Jane Smith',
      signatureText: 'Jane Smith',
      notes: 'Floor levelled first',
      completedAt: '2026-11-20T10:00:00.000Z',
    }),
    installationRow({ id: STARTED, checklist: { [checklistItemIds()[0]!]: true } }),
  ]);
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Admin installations (issue 20)', () => {
  it('lists each installation with chair, practice, engineer, checklist and who signed', async () => {
    await renderAdmin(<InstallationsScreen />, { path: adminPaths.installations, seed });
    const done = within(await screen.findByRole('article', { name: 'Installation #000000d1' }));
    expect(done.getByText('Completed')).toBeInTheDocument();
    expect(done.getByText('Chair: U500-0099 - U500 Ambidextrous')).toBeInTheDocument();
    expect(done.getByText('Customer: Riverside Dental')).toBeInTheDocument();
    expect(done.getByText('Engineer: Alice Engineer')).toBeInTheDocument();
    expect(done.getByText(`Checklist: ${items} of ${items} items`)).toBeInTheDocument();
    expect(done.getByText('Signed by Dr Jane Smith')).toBeInTheDocument();
    expect(done.getByText('Notes: Floor levelled first')).toBeInTheDocument();
    expect(done.getByRole('button', { name: 'Installation Report #000000d1' })).toBeVisible();

    const started = within(screen.getByRole('article', { name: 'Installation #000000d2' }));
    expect(started.getByText('In Progress')).toBeInTheDocument();
    expect(started.getByText('Chair: Unknown Chair')).toBeInTheDocument();
    expect(started.getByText('Engineer: Unassigned')).toBeInTheDocument();
    expect(started.getByText(`Checklist: 1 of ${items} items`)).toBeInTheDocument();
    // No report before the customer has signed the completed installation.
    expect(started.queryByRole('button', { name: /Installation Report/ })).toBeNull();
  });

  it('searches by serial, practice, engineer or signer, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderAdmin(<InstallationsScreen />, { path: adminPaths.installations, seed });
    await screen.findByRole('article', { name: 'Installation #000000d1' });
    const search = screen.getByRole('searchbox', { name: 'Search installations' });
    for (const term of ['u500-0099', 'riverside', 'alice', 'jane smith']) {
      await user.clear(search);
      await user.type(search, term);
      expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
        'Installation #000000d1',
      ]);
    }
    await user.type(search, 'zzz');
    expect(screen.getByText('No installations found')).toBeInTheDocument();
    expect(screen.getByText('No installation matches your search.')).toBeInTheDocument();
  });

  it('says so when no installation has been logged', async () => {
    await renderAdmin(<InstallationsScreen />, { path: adminPaths.installations });
    expect(await screen.findByText('No installations found')).toBeInTheDocument();
    expect(
      screen.getByText('Installations will appear here when engineers complete them.'),
    ).toBeInTheDocument();
  });

  it("makes the completed installation's signed PDF report from the mirror and shares it", async () => {
    const shared: File[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      canShare: () => true,
      share: async (data: ShareData) => {
        shared.push(...(data.files ?? []));
      },
    });
    const user = userEvent.setup();
    await renderAdmin(<InstallationsScreen />, { path: adminPaths.installations, seed });
    await user.click(await screen.findByRole('button', { name: 'Installation Report #000000d1' }));
    expect(await screen.findByText('Service report ready')).toBeInTheDocument();
    expect(screen.getByText('installation-report-000000d1.pdf shared')).toBeInTheDocument();
    await waitFor(() => expect(shared).toHaveLength(1));
    const file = shared[0]!;
    expect(file.type).toBe('application/pdf');
    const head = new TextDecoder().decode(new Uint8Array(await file.arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
  });
});
