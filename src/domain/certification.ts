// Engineer certification and availability display rules (SPEC §3 engineer, §9 Certification).
// Pure: the time comes in as `now`.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A certification expiring within this many days 'Expires Soon'. */
export const EXPIRES_SOON_DAYS = 90;
/** Day names indexed by dayOfWeek, Sunday as 0. */
export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Validity label of a certification. */
export type CertificationLabel = 'No Expiry' | 'Valid' | 'Expired';

/** Certification status with the expiring-soon flag (only ever true when Valid). */
export interface CertificationStatus {
  status: CertificationLabel;
  expiresSoon: boolean;
}

/** 'No Expiry' without a date, 'Expired' unless the expiry is in the future, else 'Valid'. */
export function certificationStatus(
  certification: { expiryDate?: string | null },
  now: Date,
): CertificationStatus {
  if (!certification.expiryDate) return { status: 'No Expiry', expiresSoon: false };
  const expiry = new Date(certification.expiryDate).getTime();
  // An unreadable date cannot be shown to be in the future, so it counts as expired.
  if (Number.isNaN(expiry) || expiry <= now.getTime()) {
    return { status: 'Expired', expiresSoon: false };
  }
  return { status: 'Valid', expiresSoon: expiry - now.getTime() <= EXPIRES_SOON_DAYS * DAY_MS };
}

/** 'HH:MM' as a 12-hour clock time, e.g. '13:30' → '1:30 PM'; unreadable input is returned as is. */
export function formatTime12h(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2] ?? '00';
  if (hours > 23) return time;
  const period = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${period}`;
}

/** Name of a dayOfWeek (0 = Sunday); empty for a number outside 0–6. */
export function dayName(dayOfWeek: number): string {
  return DAY_NAMES[dayOfWeek] ?? '';
}
