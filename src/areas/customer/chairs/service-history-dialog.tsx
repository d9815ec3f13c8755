/**
 * A chair's service history for its owner (SPEC §3 Service history entry): newest first, with the
 * engineer, the work performed, the parts replaced and the cost.
 */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/dialog-frame';
import { ListEmptyState } from '../../../components/empty-state';
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
