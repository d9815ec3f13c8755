/**
 * The View Details dialog (SPEC §2 Equipment Search): tabs Overview (chair, configuration,
 * owner, warranty, test sheet, service), Service History, Support Tickets and Appointments (the
 * service requests for this chair), all read live from the mirror.
 */
import { Box, DataList, Heading, HStack, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from '../../../components/dialog-frame';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import {
  ServiceRequestStatusBadge,
  ServiceStatusBadge,
  TicketPriorityBadge,
  TicketStatusBadge,
  WarrantyStatusBadge,
} from '../../../components/status-badges';
import { displayId, formatDate } from '../../../domain/format';
import {
  CHAIR_CONFIGURATION_LABELS,
  CHAIR_STATUS_LABELS,
  chairModelName,
  testSheetLabel,
} from '../../../domain/labels';
import { warrantyExpiry, warrantyLabel, warrantyYears } from '../../../domain/warranty';
import {
  useChairRecords,
  type ChairRecords,
  type EquipmentItem,
} from '../../../data/queries/equipment';
import { ServiceTimeline } from './service-timeline';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h3" size="md" mb="3">
        {title}
      </Heading>
      <DataList.Root orientation="horizontal" size="md">
        {children}
      </DataList.Root>
    </Box>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="150px">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Overview({ item, now }: { item: EquipmentItem; now: Date }) {
  const { chair, owner } = item;
  const warranty = chair.warranty ?? {};
  const practice = owner?.practice;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Section title="Chair">
        <Item label="Serial number">{chair.serialNumber}</Item>
        <Item label="Model">{chairModelName(chair)}</Item>
        <Item label="Status">{CHAIR_STATUS_LABELS[chair.status]}</Item>
        <Item label="Delivered">{formatDate(chair.deliveryDate) || 'Not delivered'}</Item>
      </Section>
      <Section title="Customer">
        <Item label="Customer">{owner?.name || 'No owner assigned'}</Item>
        <Item label="Email">{owner?.email || '—'}</Item>
        <Item label="Phone">{owner?.phone || '—'}</Item>
        <Item label="Practice">{practice?.name || 'No practice'}</Item>
        <Item label="Address">{practice?.address || owner?.address || 'No address'}</Item>
      </Section>
      <Section title="Configuration">
        {CHAIR_CONFIGURATION_LABELS.map(([key, label]) => (
          <Item key={key} label={label}>
            {chair.configuration?.[key] || '—'}
          </Item>
        ))}
      </Section>
      <Section title="Warranty and service">
        <Item label="Warranty">
          <WarrantyStatusBadge warranty={chair.warranty} now={now} />
        </Item>
        <Item label="Confirmation">{warrantyLabel(warranty)}</Item>
        <Item label="Activated">{formatDate(warranty.activatedAt) || '—'}</Item>
        <Item label="Expires">{formatDate(warrantyExpiry(warranty)) || '—'}</Item>
        <Item label="Term">
          {`${warrantyYears(warranty)} years`}
          {warranty.extensionPurchased
            ? ` (incl. ${warranty.extensionYears ?? 0}-year extension)`
            : ''}
        </Item>
        <Item label="Test sheet">
          {testSheetLabel(chair.testSheet) +
            (chair.testSheet ? ` (${formatDate(chair.testSheet.submittedAt)})` : '')}
        </Item>
        <Item label="Last service">{formatDate(chair.service?.lastServiceDate) || '—'}</Item>
        <Item label="Next service">
          <HStack gap="2" wrap="wrap">
            <Text>{formatDate(chair.service?.nextServiceDue) || 'Not scheduled'}</Text>
            <ServiceStatusBadge nextServiceDue={chair.service?.nextServiceDue} now={now} />
          </HStack>
        </Item>
      </Section>
    </SimpleGrid>
  );
}

function Tickets({ records }: { records: ChairRecords }) {
  if (records.tickets.length === 0) {
    return (
      <ListEmptyState
        title="No support tickets found"
        description="No tickets have been raised for this chair."
      />
    );
  }
  return (
    <Stack as="ul" gap="3" m="0" p="0" aria-label="Support tickets">
      {records.tickets.map((ticket) => (
        <Box as="li" listStyleType="none" key={ticket.id} borderWidth="1px" borderRadius="md" p="3">
          <HStack justify="space-between" align="start" gap="3" wrap="wrap">
            <Stack gap="0">
              <Text fontWeight="semibold">{ticket.title}</Text>
              <Text fontSize="sm" color="fg.muted">
                #{displayId(ticket.id)} · Created {formatDate(ticket.createdAt)}
              </Text>
            </Stack>
            <HStack gap="2">
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
            </HStack>
          </HStack>
          {ticket.resolution ? <Text mt="2">Resolution: {ticket.resolution}</Text> : null}
        </Box>
      ))}
    </Stack>
  );
}

const when = (date: string | null, time: string | null) =>
  [formatDate(date), time].filter(Boolean).join(' at ');

function Appointments({ records }: { records: ChairRecords }) {
  if (records.serviceRequests.length === 0) {
    return (
      <ListEmptyState
        title="No appointments found"
        description="No service has been requested for this chair."
      />
    );
  }
  return (
    <Stack as="ul" gap="3" m="0" p="0" aria-label="Appointments">
      {records.serviceRequests.map((request) => (
        <Box
          as="li"
          listStyleType="none"
          key={request.id}
          borderWidth="1px"
          borderRadius="md"
          p="3"
        >
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Text fontWeight="semibold">Service Request #{displayId(request.id)}</Text>
            <ServiceRequestStatusBadge status={request.status} />
          </HStack>
          <Stack gap="0" mt="1" fontSize="sm">
            {request.scheduledDate ? (
              <Text>Scheduled: {when(request.scheduledDate, request.scheduledTime)}</Text>
            ) : null}
            <Text>Preferred: {when(request.preferredDate, request.preferredTime) || '—'}</Text>
            <Text>
              Engineer:{' '}
              {request.engineerUserId
                ? (records.engineerNames[request.engineerUserId] ?? 'Unknown Engineer')
                : 'Unassigned'}
            </Text>
            {request.notes ? <Text color="fg.muted">{request.notes}</Text> : null}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

export function EquipmentDetailsDialog({
  item,
  now,
  open,
  onClose,
}: {
  item: EquipmentItem;
  now: Date;
  open: boolean;
  onClose: () => void;
}) {
  const records = useChairRecords(item.chair.id);
  const loading = <LoadingState label="Loading…" />;
  return (
    <DialogFrame
      title={`${item.chair.serialNumber} — ${chairModelName(item.chair)}`}
      open={open}
      onClose={onClose}
    >
      <Tabs.Root defaultValue="overview" variant="line" lazyMount unmountOnExit>
        <Tabs.List mb="4" overflowX="auto">
          <Tabs.Trigger value="overview" minH="44px">
            Overview
          </Tabs.Trigger>
          <Tabs.Trigger value="history" minH="44px">
            Service History
          </Tabs.Trigger>
          <Tabs.Trigger value="tickets" minH="44px">
            Support Tickets
          </Tabs.Trigger>
          <Tabs.Trigger value="appointments" minH="44px">
            Appointments
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <Overview item={item} now={now} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <ServiceTimeline chair={item.chair} />
        </Tabs.Content>
        <Tabs.Content value="tickets">
          {records ? <Tickets records={records} /> : loading}
        </Tabs.Content>
        <Tabs.Content value="appointments">
          {records ? <Appointments records={records} /> : loading}
        </Tabs.Content>
      </Tabs.Root>
    </DialogFrame>
  );
}
