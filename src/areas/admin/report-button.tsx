// A report button on a card of the admin's ticket and installation lists (issue 20): the kit's
// ServiceReportButton over the mirror's loader, named after the work so each card's is told apart.
import { Box } from '@chakra-ui/react';
import { ServiceReportButton } from '../../components/service-report-button';
import { useServiceReportLoader } from '../../data/service-report';
import { displayId } from '../../domain/format';
import type { ServiceReportSource } from '../../domain/service-report';

export function ListReportButton({ source }: { source: ServiceReportSource }) {
  const loadReport = useServiceReportLoader();
  const [label, id] =
    'ticketId' in source
      ? ['Service Report', source.ticketId]
      : ['Installation Report', source.installationId];
  return (
    <Box>
      <ServiceReportButton
        label={label}
        name={`${label} #${displayId(id)}`}
        load={() => loadReport(source)}
      />
    </Box>
  );
}
