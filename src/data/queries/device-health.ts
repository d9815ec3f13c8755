/**
 * Device health for the vendor's Field Engineers page (issue 16): what each device last reported
 * about its sync, by the user it syncs for, the most recently synced device first. Only a vendor's
 * mirror holds these rows (the server lets vendors alone read them). `undefined` while loading.
 */
import type { DeviceHealth } from '../../domain/entities';
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
