/** A service request's status (SPEC §4): PENDING, SCHEDULED, COMPLETED or CANCELLED. */
import { Badge } from '@chakra-ui/react';

const palette: Record<string, string> = {
  PENDING: 'orange',
  SCHEDULED: 'blue',
  COMPLETED: 'green',
  CANCELLED: 'gray',
};

export function ServiceRequestStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={palette[status] ?? 'gray'} variant="subtle" size="md">
      {status}
    </Badge>
  );
}
