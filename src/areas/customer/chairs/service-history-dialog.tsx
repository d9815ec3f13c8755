/**
 * A chair's service history for its owner (SPEC §3 Service history entry): newest first, with the
 * engineer, the work performed, the parts replaced and the cost; above it, the signed service
 * reports of the chair's resolved tickets and installation (issue 20), made on the phone.
 */
import { Badge, Box, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/dialog-frame';
import { ListEmptyState } from '../../../components/empty-state';
import { ServiceReportButton } from '../../../components/service-report-button';
import { useChairReports, useServiceReportLoader } from '../../../data/service-report';
import type { Chair } from '../../../domain/entities';
import { formatCurrency, formatDate } from '../../../domain/format';
import { serviceTimeline, serviceTypeLabel } from '../../../domain/service-history';

export function ServiceHistoryDialog({
  chair,
  open,
  onClose,
}: {
  chair: Chair;
  open: boolean;
  onClose: () => void;
}) {
  const entries = serviceTimeline(chair);
  return (
    <DialogFrame title={`Service History: ${chair.serialNumber}`} open={open} onClose={onClose}>
      <ChairReports chairId={chair.id} />
      {entries.length === 0 ? (
        <ListEmptyState
          title="No service history"
          description="Installation and service visits will appear here."
        />
      ) : (
        <Stack as="ol" gap="4" m="0" p="0" aria-label="Service history">
          {entries.map((entry, index) => (
            <Box
              as="li"
              key={entry.id ?? `${entry.date}-${index}`}
              listStyleType="none"
              borderLeftWidth="3px"
              borderColor="brand.solid"
              pl="4"
            >
              <HStack gap="2" wrap="wrap" mb="1">
                <Badge colorPalette="brand" variant="solid">
                  {serviceTypeLabel(entry.type)}
                </Badge>
                <Text fontWeight="semibold">{formatDate(entry.date)}</Text>
              </HStack>
              <Stack gap="1" fontSize="sm">
                {entry.workPerformed ? <Text fontSize="md">{entry.workPerformed}</Text> : null}
                <Text>Engineer: {entry.engineerName || 'Unknown Engineer'}</Text>
                {(entry.partsReplaced ?? []).map((part, i) => (
                  <Text key={`${part.partName}-${i}`}>
                    Part replaced: {part.partName} × {part.quantity}
                  </Text>
                ))}
                <Text>Cost: {formatCurrency(entry.cost ?? 0)}</Text>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </DialogFrame>
  );
}

function ChairReports({ chairId }: { chairId: string }) {
  const reports = useChairReports(chairId);
  const loadReport = useServiceReportLoader();
  if (!reports || reports.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={`reports-${chairId}`} mb="6">
      <Heading as="h3" size="sm" id={`reports-${chairId}`} mb="2">
        Service reports
      </Heading>
      <Stack as="ul" gap="2" m="0" p="0" listStyleType="none">
        {reports.map((report) => (
          <HStack
            as="li"
            key={
              'ticketId' in report.source ? report.source.ticketId : report.source.installationId
            }
            justify="space-between"
            gap="3"
            wrap="wrap"
            borderWidth="1px"
            borderRadius="md"
            px="3"
            py="2"
          >
            <Stack gap="0">
              <Text fontWeight="medium">{report.title}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDate(report.date)}
              </Text>
            </Stack>
            <ServiceReportButton
              label={report.kind === 'SERVICE' ? 'Service Report' : 'Installation Report'}
              name={`${report.kind === 'SERVICE' ? 'Service Report' : 'Installation Report'}: ${report.title}, ${formatDate(report.date)}`}
              load={() => loadReport(report.source)}
            />
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
