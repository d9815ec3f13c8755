/**
 * A chair's warranty as engineer views show it (SPEC §4 Warranty): 'Not Activated'; expired with
 * the days since (red); expiring soon with the days left (orange, 90 days or fewer); otherwise the
 * days remaining (green). The rules come from src/domain/warranty.ts.
 */
import { Badge } from '@chakra-ui/react';
import { warrantyDaysRemaining, warrantyState, type Warranty } from '../domain/warranty';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The badge's text and colour for a warranty at `now`. */
export function warrantyBadge(
  warranty: Warranty | null | undefined,
  now: Date,
): { label: string; palette: string } {
  const state = warrantyState(warranty ?? {}, now);
  const days = warrantyDaysRemaining(warranty ?? {}, now) ?? 0;
  switch (state) {
    case 'NOT_ACTIVATED':
      return { label: 'Not Activated', palette: 'gray' };
    case 'EXPIRED':
      return {
        label: days === 0 ? 'Expired today' : `Expired ${plural(-days, 'day')} ago`,
        palette: 'red',
      };
    case 'EXPIRING':
      return { label: `Expiring soon (${plural(days, 'day')} left)`, palette: 'orange' };
    case 'ACTIVE':
      return { label: `${plural(days, 'day')} remaining`, palette: 'green' };
  }
}

export function WarrantyStatusBadge({
  warranty,
  now,
}: {
  warranty: Warranty | null | undefined;
  now: Date;
}) {
  const { label, palette } = warrantyBadge(warranty, now);
  return (
    <Badge colorPalette={palette} variant="subtle" size="md">
      {label}
    </Badge>
  );
}
