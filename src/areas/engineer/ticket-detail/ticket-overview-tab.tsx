/** The Overview tab: what the customer reported, who they are and which chair it is about. */
import { Box, Card, DataList, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TicketDetail } from '../../../data/queries/tickets';
import { formatDate } from '../../../domain/format';
import { customerLabel, ticketChairLabel } from '../../../domain/labels';

export function TicketOverviewTab({ detail }: { detail: TicketDetail }) {
  const { ticket, customer, chair } = detail;
  const practice = customer?.practice;
  const contact: [string, string][] = [
    ['Name', customerLabel(customer)],
    ['Email', customer?.email ?? ''],
    ['Phone', customer?.phone ?? practice?.phone ?? ''],
    ['Practice', practice?.name ?? ''],
    ['Address', practice?.address ?? customer?.address ?? ''],
  ];
  const equipment: [string, string][] = chair
    ? [
        ['Chair', ticketChairLabel(ticket.chairId, chair) ?? ''],
        ['Delivered', formatDate(chair.deliveryDate)],
        ['Last service', formatDate(chair.service?.lastServiceDate)],
        ['Next service due', formatDate(chair.service?.nextServiceDue)],
      ]
    : [];
  return (
    <Stack gap="5">
      <Box>
        <Heading as="h2" size="md" mb="2">
          Problem description
        </Heading>
        <Text whiteSpace="pre-wrap">{ticket.description?.trim() || 'No description given.'}</Text>
      </Box>
      {ticket.resolution ? (
        <Card.Root size="sm" variant="subtle" colorPalette="green">
          <Card.Body>
            <Heading as="h2" size="sm" mb="1">
              Resolution
            </Heading>
            <Text whiteSpace="pre-wrap">{ticket.resolution}</Text>
          </Card.Body>
        </Card.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
        <Facts title="Customer" rows={contact} />
        {chair ? (
          <Facts title="Equipment" rows={equipment} />
        ) : (
          <Box>
            <Heading as="h2" size="md" mb="2">
              Equipment
            </Heading>
            <Text color="fg.muted">
              {ticket.chairId ? 'Unknown Chair' : 'This ticket is not about a specific chair.'}
            </Text>
          </Box>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function Facts({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <Box>
      <Heading as="h2" size="md" mb="2">
        {title}
      </Heading>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
      </DataList.Root>
    </Box>
  );
}
