/**
 * Device health for the vendor's Field Engineers page (issue 16): what each device last reported
 * about its sync, by the user it syncs for, the most recently synced device first. Only a vendor's
 * mirror holds these rows (the server lets vendors alone read them). `undefined` while loading.
 */
import type { DeviceHealth } from '../../domain/entities';
import { FIRST_SYNC_KEY } from '../mirror-state';
import { useMirror } from '../session-mirror';

export type DevicesByUser = ReadonlyMap<string, readonly DeviceHealth[]>;

export function useDevicesByUser(): DevicesByUser | undefined {
  return useMirror<DevicesByUser | undefined>(
    async (db) => {
      const devices = await db.deviceHealth.toArray();
      devices.sort((a, b) => b.lastSyncAt.localeCompare(a.lastSyncAt));
      const byUser = new Map<string, DeviceHealth[]>();
      for (const device of devices) {
        byUser.set(device.userId, [...(byUser.get(device.userId) ?? []), device]);
      }
      return byUser;
    },
    [],
    undefined,
  );
}

/**
 * Whether the devices' health is known on this device (issue 45, the board's engineer rows): a
 * new device's first sync pulls it in its second stage, and until then no row says nothing about
 * the engineers' devices. Known once a report is here, or once the first sync is complete (the
 * table was pulled, empty or not). `undefined` while loading.
 */
export function useDeviceHealthKnown(): boolean | undefined {
  return useMirror<boolean | undefined>(
    async (db) => {
      const done = await db.meta.get(FIRST_SYNC_KEY);
      if (done?.value === true) return true;
      return (await db.deviceHealth.limit(1).count()) > 0;
    },
    [],
    undefined,
  );
}
