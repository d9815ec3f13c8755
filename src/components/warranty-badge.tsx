/**
 * A customer's warranty in words and colour (SPEC §2 My Chairs, §4 Warranty): Pending (gray) until
 * a passing test sheet confirms it; then Active (green), Expiring Soon (orange, 90 days or fewer)
 * or Expired (solid red), each with its icon. Engineer views use WarrantyStatusBadge instead.
 */
import { LuShieldQuestion } from 'react-icons/lu';
import { customerWarrantyLabel } from '../domain/customer-chairs';
import type { Warranty } from '../domain/warranty';
import { StatusBadge, WARRANTY_STYLE } from './status-badges';

/** The same colour and icon per state as the engineer's WarrantyStatusBadge. */
const STYLE: Record<string, Omit<Parameters<typeof StatusBadge>[0], 'label'>> = {
  Pending: { palette: 'gray', icon: LuShieldQuestion },
  'Not Activated': WARRANTY_STYLE.NOT_ACTIVATED,
  Active: WARRANTY_STYLE.ACTIVE,
  'Expiring Soon': WARRANTY_STYLE.EXPIRING,
  Expired: WARRANTY_STYLE.EXPIRED,
};

export function CustomerWarrantyBadge({
  warranty,
  now,
}: {
  warranty: Warranty | null | undefined;
  now: Date;
}) {
  const label = customerWarrantyLabel({ warranty: warranty ?? null }, now);
  return <StatusBadge label={label} {...(STYLE[label] ?? { palette: 'gray' })} />;
}
