// The last sync time as a person reads it (the sync indicator, a device on the vendor's Field
// Engineers page): 'Synced just now', 'Synced 2 min ago', a time today,
// or a date and time before today. `now` is passed in so the wording is testable.
const MINUTE = 60_000;

export function lastSyncText(lastSyncAt: string | null, now: Date): string {
  if (!lastSyncAt) return 'Not synced yet';
  const at = new Date(lastSyncAt);
  if (Number.isNaN(at.getTime())) return 'Not synced yet';
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return 'Synced just now';
  if (elapsed < 60 * MINUTE) return `Synced ${Math.floor(elapsed / MINUTE)} min ago`;
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return `Synced at ${time}`;
  const date = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return `Synced ${date}, ${time}`;
}
