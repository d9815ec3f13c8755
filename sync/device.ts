/**
 * What identifies this device to a person in its health report (issue 16): the browser's short
 * name ('Chrome on Android') and the app's version from package.json.
 */
import { version } from '../package.json';
import { deviceName } from '../src/domain/device';

export interface DeviceInfo {
  name: string;
  appVersion: string;
}

export function thisDevice(): DeviceInfo {
  return {
    name: deviceName(typeof navigator === 'undefined' ? null : navigator.userAgent),
    appVersion: version,
  };
}
