/**
 * The Service History dialog (SPEC §2 Equipment Search): tab Timeline lists the visits newest
 * first; tab Summary counts them by type and shows total cost, last service and next service with
 * its status (Overdue / Due Soon / Current).
 */
import { DataList, HStack, SimpleGrid, Stack, Stat, Tabs, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/dialog-frame';
import { ServiceStatusBadge } from '../../../components/status-badges';
import type { Chair } from '../../../domain/entities';
import { formatCurrency, formatDate } from '../../../domain/format';
import { serviceSummary } from '../../../domain/service-history';
import { ServiceTimeline } from './service-timeline';

export function ServiceSummaryPanel({ chair, now }: { chair: Chair; now: Date }) {
  const summary = serviceSummary(chair);
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" aria-label="Services by type">
        <Stat.Root borderWidth="1px" borderRadius="md" p="3">
          <Stat.Label>Total services</Stat.Label>
          <Stat.ValueText>{summary.total}</Stat.ValueText>
        </Stat.Root>
        {summary.byType.map(({ type, count }) => (
          <Stat.Root key={type} borderWidth="1px" borderRadius="md" p="3">
            <Stat.Label>{type}</Stat.Label>
            <Stat.ValueText>{count}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <DataList.Root orientation="horizontal" size="lg">
        <DataList.Item>
          <DataList.ItemLabel>Total cost</DataList.ItemLabel>
          <DataList.ItemValue>{formatCurrency(summary.totalCost)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Last service</DataList.ItemLabel>
          <DataList.ItemValue>
            {formatDate(chair.service?.lastServiceDate) || 'No service yet'}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Next service due</DataList.ItemLabel>
          <DataList.ItemValue>
            <HStack gap="2" wrap="wrap">
              <Text>{formatDate(chair.service?.nextServiceDue) || 'Not scheduled'}</Text>
              <ServiceStatusBadge nextServiceDue={chair.service?.nextServiceDue} now={now} />
            </HStack>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Stack>
  );
}

export function ServiceHistoryDialog({
  chair,
  now,
  open,
  onClose,
}: {
  chair: Chair;
  now: Date;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <DialogFrame title={`Service History — ${chair.serialNumber}`} open={open} onClose={onClose}>
      <Tabs.Root defaultValue="timeline" variant="line" lazyMount unmountOnExit>
        <Tabs.List mb="4">
          <Tabs.Trigger value="timeline" minH="44px">
            Timeline
          </Tabs.Trigger>
          <Tabs.Trigger value="summary" minH="44px">
            Summary
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="timeline">
          <ServiceTimeline chair={chair} />
        </Tabs.Content>
        <Tabs.Content value="summary">
          <ServiceSummaryPanel chair={chair} now={now} />
        </Tabs.Content>
      </Tabs.Root>
    </DialogFrame>
  );
}
