/**
 * Whether an engineer is online now (live presence, issue 28): 'Online now' in green, or 'Offline'
 * when presence is known and they are not there. Nothing while presence is not known (this device
 * offline, or not yet joined): a screen never calls someone offline because it cannot see them.
 */
import { LuRadio, LuWifiOff } from 'react-icons/lu';
import { StatusBadge } from './status-badges';

export function PresenceBadge({
  online,
  size = 'sm',
}: {
  /** null: not known. */
  online: boolean | null;
  size?: 'sm' | 'md';
}) {
  if (online === null) return null;
  return online ? (
    <StatusBadge label="Online now" palette="green" size={size} icon={LuRadio} />
  ) : (
    <StatusBadge label="Offline" palette="gray" variant="outline" size={size} icon={LuWifiOff} />
  );
}

/** An engineer's presence from the set of who is online (null: not known). */
export function presenceOf(online: ReadonlySet<string> | null, userId: string): boolean | null {
  return online ? online.has(userId) : null;
}
