// Device health on the vendor's Field Engineers page (issue 16): each engineer's devices on the
// card and in View Details, with the last sync relative (exact time on hover), queued changes,
// needs-attention count and a warning badge for a device silent for over 24 h or with refusals.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../domain/format';
import { vendorPaths } from '../../domain/paths';
import { ENGINEER_ID, OTHER_ENGINEER_ID, deviceHealthRow, userRow } from '../../testing/rows';
import { EngineersScreen } from './engineers-screen';
import { VENDOR_ID, renderVendor } from './test-fixtures';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function renderWithDevices() {
  const tabletSync = ago(5 * MINUTE);
  const phoneSync = ago(30 * 60 * MINUTE);
  await renderVendor(<EngineersScreen />, {
    path: vendorPaths.engineers,
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
        userRow({ id: OTHER_ENGINEER_ID, name: 'Bob Engineer', role: 'ENGINEER' }),
      ]);
      await db.deviceHealth.bulkPut([
        deviceHealthRow({
          userId: ENGINEER_ID,
          deviceName: 'Chrome on Android',
          appVersion: '0.1.0',
          lastSyncAt: tabletSync,
          pendingCount: 3,
          needsAttentionCount: 0,
        }),
        deviceHealthRow({
          userId: ENGINEER_ID,
          deviceName: 'Safari on iPhone',
          appVersion: '0.1.0',
          lastSyncAt: phoneSync,
          pendingCount: 0,
          needsAttentionCount: 2,
        }),
        // The vendor's own browser reports too; it is nobody's engineer card.
        deviceHealthRow({ userId: VENDOR_ID, deviceName: 'Edge on Windows', lastSyncAt: ago(0) }),
      ]);
    },
  });
  await screen.findByRole('article', { name: 'Alice Engineer' });
  return { tabletSync, phoneSync };
}

const devicesOn = (name: string) =>
  within(
    within(screen.getByRole('article', { name })).getByRole('region', {
      name: `Devices of ${name}`,
    }),
  );

describe('EngineersScreen device health', () => {
  it("shows each of an engineer's devices on their card, most recent sync first", async () => {
    const { tabletSync, phoneSync } = await renderWithDevices();
    const alice = devicesOn('Alice Engineer');
    const rows = alice.getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Device Chrome on Android',
      'Device Safari on iPhone',
    ]);

    const tablet = within(rows[0]!);
    const synced = tablet.getByText('Synced 5 min ago');
    expect(synced.tagName).toBe('TIME');
    expect(synced).toHaveAttribute('datetime', tabletSync);
    expect(synced).toHaveAttribute('title', formatDateTime(tabletSync));
    expect(tablet.getByText('Queued: 3')).toBeInTheDocument();
    expect(tablet.getByText('Needs attention: 0')).toBeInTheDocument();
    expect(tablet.getByText('v0.1.0')).toBeInTheDocument();
    expect(tablet.queryByText(/Not synced for over 24 h|^Needs attention$/)).toBeNull();

    const phone = within(rows[1]!);
    expect(phone.getByText('Needs attention: 2')).toBeInTheDocument();
    expect(phone.getByText('Queued: 0')).toBeInTheDocument();
    expect(phone.getByText('Not synced for over 24 h · needs attention')).toBeInTheDocument();
    expect(phone.getByTitle(formatDateTime(phoneSync))).toBeInTheDocument();
  });

  it('says so when an engineer has no device that has synced, and shows no one else’s', async () => {
    await renderWithDevices();
    const bob = devicesOn('Bob Engineer');
    expect(bob.getByText('No device has synced yet.')).toBeInTheDocument();
    expect(bob.queryAllByRole('listitem')).toEqual([]);
    expect(screen.queryByText('Edge on Windows')).toBeNull();
  });

  it('lists the devices in View Details too', async () => {
    const user = userEvent.setup();
    await renderWithDevices();
    await user.click(screen.getByRole('button', { name: 'View details of Alice Engineer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Alice Engineer' }));
    const devices = within(dialog.getByRole('region', { name: 'Devices' }));
    expect(devices.getByText('Chrome on Android')).toBeInTheDocument();
    expect(devices.getByText('Synced 5 min ago')).toBeInTheDocument();
    expect(devices.getByText('Queued: 3')).toBeInTheDocument();
    expect(devices.getByText('Not synced for over 24 h · needs attention')).toBeInTheDocument();
  });

  it('warns of a device that only needs attention, or is only silent', async () => {
    await renderVendor(<EngineersScreen />, {
      path: vendorPaths.engineers,
      seed: async (db) => {
        await db.users.put(userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }));
        await db.deviceHealth.bulkPut([
          deviceHealthRow({
            deviceName: 'Chrome on Android',
            lastSyncAt: ago(MINUTE * 2),
            needsAttentionCount: 1,
          }),
          deviceHealthRow({ deviceName: 'Firefox on Linux', lastSyncAt: ago(25 * 60 * MINUTE) }),
        ]);
      },
    });
    await screen.findByRole('article', { name: 'Alice Engineer' });
    const rows = devicesOn('Alice Engineer').getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Needs attention')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Not synced for over 24 h')).toBeInTheDocument();
  });
});
