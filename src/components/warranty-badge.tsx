/**
 * A customer's warranty in words and colour (SPEC §2 My Chairs, §4 Warranty): Pending (gray) until
 * a passing test sheet confirms it; then Active (green), Expiring Soon (orange, 90 days or fewer)
 * or Expired (red). Engineer views use WarrantyStatusBadge instead.
 */
import { customerWarrantyLabel } from '../domain/customer-chairs';
import type { Warranty } from '../domain/warranty';
import { StatusBadge } from './status-badges';

const PALETTE: Record<string, string> = {
  Pending: 'gray',
  'Not Activated': 'gray',
  Active: 'green',
  'Expiring Soon': 'orange',
  Expired: 'red',
};

export function CustomerWarrantyBadge({
  warranty,
  now,
}: {
  warranty: Warranty | null | undefined;
  now: Date;
}) {
  const label = customerWarrantyLabel({ warranty: warranty ?? null }, now);
  return <StatusBadge label={label} palette={PALETTE[label] ?? 'gray'} />;
}
