/**
 * A chair's service status (SPEC §4 Service status): Overdue (red), Due Soon (orange, within 30
 * days) or Current (green). The rule comes from src/domain/service-status.ts.
 */
import { Badge } from '@chakra-ui/react';
import { serviceStatus, type ServiceStatus } from '../domain/service-status';

const PALETTE: Record<ServiceStatus, string> = {
  Overdue: 'red',
  'Due Soon': 'orange',
  Current: 'green',
};

export function ServiceStatusBadge({
  nextServiceDue,
  now,
}: {
  nextServiceDue: string | null | undefined;
  now: Date;
}) {
  const status = serviceStatus(nextServiceDue, now);
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" size="md">
      {status}
    </Badge>
  );
}
