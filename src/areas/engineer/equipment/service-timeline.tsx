/** A chair's service history as a newest-first timeline (both equipment dialogs show it). */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { ListEmptyState } from '../../../components/empty-state';
import type { Chair, ServiceHistoryEntry } from '../../../domain/entities';
import { formatCurrency, formatDate } from '../../../domain/format';
import { serviceTimeline, serviceTypeLabel } from '../../../domain/service-history';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Text>
      <Text as="span" color="fg.muted">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

function TimelineEntry({ entry }: { entry: ServiceHistoryEntry }) {
  const condition =
    entry.conditionBefore || entry.conditionAfter
      ? `${entry.conditionBefore || '—'} → ${entry.conditionAfter || '—'}`
      : null;
  return (
    <Box as="li" listStyleType="none" borderLeftWidth="3px" borderColor="brand.solid" pl="4" py="1">
      <HStack gap="2" wrap="wrap" mb="1">
        <Badge colorPalette="brand" variant="solid">
          {serviceTypeLabel(entry.type)}
        </Badge>
        <Text fontWeight="semibold">{formatDate(entry.date)}</Text>
        {entry.warrantyWork ? <Badge colorPalette="green">Warranty work</Badge> : null}
        {entry.followUpRequired ? <Badge colorPalette="orange">Follow-up required</Badge> : null}
      </HStack>
      <Stack gap="1" fontSize="sm">
        {entry.workPerformed ? <Text fontSize="md">{entry.workPerformed}</Text> : null}
        <Detail label="Engineer" value={entry.engineerName || 'Unknown Engineer'} />
        <Detail label="Phone" value={entry.engineerPhone} />
        <Detail label="Duration" value={entry.duration ? `${entry.duration} min` : null} />
        <Detail label="Condition" value={condition} />
        {(entry.partsReplaced ?? []).map((part, index) => (
          <Detail
            key={`${part.partName}-${index}`}
            label="Part replaced"
            value={[
              `${part.partName} × ${part.quantity}`,
              part.partNumber,
              part.cost !== null && part.cost !== undefined ? formatCurrency(part.cost) : null,
              part.reason,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
        <Detail label="Recommendations" value={entry.recommendations} />
        <Detail label="Follow-up" value={formatDate(entry.followUpDate)} />
        <Detail label="Cost" value={formatCurrency(entry.cost ?? 0)} />
      </Stack>
    </Box>
  );
}

export function ServiceTimeline({ chair }: { chair: Chair }) {
  const entries = serviceTimeline(chair);
  if (entries.length === 0) {
    return (
      <ListEmptyState
        title="No service history"
        description="No installation or service visits have been recorded for this chair."
      />
    );
  }
  return (
    <Stack as="ol" gap="4" m="0" p="0" aria-label="Service timeline">
      {entries.map((entry, index) => (
        <TimelineEntry key={entry.id ?? `${entry.date}-${index}`} entry={entry} />
      ))}
    </Stack>
  );
}
