/**
 * Part Requests, part order management (SPEC §2 Admin routes): every request, searchable by
 * request id, customer, chair serial, part name or status, with its lines, value at catalogue
 * prices and status; the lifecycle's next moves as buttons (issue 16: PENDING → QUOTED →
 * ORDERED → FULFILLED, Cancel before FULFILLED behind a confirmation).
 */
import { Button, Card, Flex, HStack, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPackageCheck } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { CsvExport } from '../../../components/export-csv-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchableList } from '../../../components/searchable-list';
import { PartRequestStatusBadge } from '../../../components/status-badges';
import { useAdminPartRequests, type AdminPartRequest } from '../../../data/queries/admin';
import { useAction } from '../../../data/use-action';
import { partRequestItemCount, partRequestTotal } from '../../../domain/admin-part-requests';
import { isoDay } from '../../../domain/csv-cells';
import { countOf, displayId, formatCurrency, formatDate } from '../../../domain/format';
import { PART_REQUEST_STATUS_LABELS, customerLabel } from '../../../domain/labels';
import {
  PART_REQUEST_ACTION_LABELS,
  PART_REQUEST_TRANSITIONS,
  partRequestMovedMessage,
  type PartRequestTarget,
} from '../../../domain/part-request-lifecycle';

function partRequestFields({ request, customer, chair, lines }: AdminPartRequest) {
  return [
    displayId(request.id),
    customer?.name,
    chair?.serialNumber,
    PART_REQUEST_STATUS_LABELS[request.status],
    request.notes,
    ...lines.map((l) => l.part?.name),
  ];
}

const requestKey = (item: AdminPartRequest) => item.request.id;

const partRequestsCsv: CsvExport<AdminPartRequest> = {
  name: 'part-requests',
  columns: [
    { header: 'Request', value: ({ request }) => displayId(request.id) },
    { header: 'Status', value: ({ request }) => PART_REQUEST_STATUS_LABELS[request.status] },
    { header: 'Customer', value: ({ customer }) => customerLabel(customer) },
    { header: 'Chair', value: ({ chair }) => chair?.serialNumber },
    {
      header: 'Parts',
      value: ({ lines }) =>
        lines.map((line) => `${line.part?.name ?? 'Unknown part'} x ${line.qty}`).join('; '),
    },
    { header: 'Items', value: ({ request }) => partRequestItemCount(request.items) },
    { header: 'Total (GBP)', value: ({ lines }) => partRequestTotal(lines) },
    { header: 'Requested', value: ({ request }) => isoDay(request.createdAt) },
    { header: 'Notes', value: ({ request }) => request.notes },
  ],
};
const renderRequest = (item: AdminPartRequest) => <PartRequestCard item={item} />;

export function PartRequestsScreen() {
  const requests = useAdminPartRequests();
  return (
    <Stack gap="5">
      <ScreenHeading title="Part Requests" intro="Part orders from customers." />
      <SearchableList
        items={requests?.rows}
        complete={requests?.complete}
        loadingLabel="Loading part requests…"
        searchLabel="Search part requests"
        searchPlaceholder="Search by request, customer, chair, part or status..."
        searchFields={partRequestFields}
        listLabel="Part requests"
        csv={partRequestsCsv}
        itemKey={requestKey}
        renderItem={renderRequest}
        empty={{
          icon: <LuPackageCheck />,
          title: 'No part requests found',
          noMatch: 'No request matches your search.',
          none: 'Customer part orders will appear here.',
        }}
      />
    </Stack>
  );
}

function PartRequestCard({ item }: { item: AdminPartRequest }) {
  const { request, customer, chair, lines } = item;
  const title = `Request #${displayId(request.id)}`;
  const { run, busy } = useAction();
  const [cancelling, setCancelling] = useState(false);
  const next = PART_REQUEST_TRANSITIONS[request.status];

  const move = async (status: PartRequestTarget) => {
    const ok = await run(
      'partRequest.setStatus',
      { partRequestId: request.id, status },
      {
        success: { title: partRequestMovedMessage(status) },
        failure: 'Failed to update part request',
      },
    );
    if (ok) setCancelling(false);
  };
  return (
    <Card.Root as="article" aria-label={title} size="sm" variant="outline">
      <Card.Body gap="3">
        <Flex justify="space-between" gap="3" wrap="wrap">
          <Stack gap="1">
            <Wrap gap="2" align="center">
              <Text as="h3" fontWeight="semibold" fontSize="lg">
                {title}
              </Text>
              <PartRequestStatusBadge status={request.status} />
            </Wrap>
            <Wrap columnGap="4" fontSize="sm" color="fg.muted">
              <Text>Customer: {customerLabel(customer)}</Text>
              {chair ? <Text>Chair: {chair.serialNumber}</Text> : null}
              <Text>Requested {formatDate(request.createdAt)}</Text>
              <Text>{countOf(partRequestItemCount(request.items), 'item')}</Text>
            </Wrap>
          </Stack>
          <Text fontWeight="semibold">{formatCurrency(partRequestTotal(lines))}</Text>
        </Flex>
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Part</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" w="24">
                Qty
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" w="36">
                Unit Price
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((line) => (
              <Table.Row key={line.partId}>
                <Table.Cell>{line.part?.name ?? 'Unknown part'}</Table.Cell>
                <Table.Cell textAlign="end">{line.qty}</Table.Cell>
                <Table.Cell textAlign="end">
                  {line.part ? formatCurrency(line.part.price) : '—'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {request.notes ? (
          <Text fontSize="sm" color="fg.muted">
            Notes: {request.notes}
          </Text>
        ) : null}
        {next.length > 0 ? (
          <HStack gap="2" justify="flex-end">
            {next.map((status) =>
              status === 'CANCELLED' ? (
                <Button
                  key={status}
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`${PART_REQUEST_ACTION_LABELS[status]} ${displayId(request.id)}`}
                  onClick={() => setCancelling(true)}
                >
                  {PART_REQUEST_ACTION_LABELS[status]}
                </Button>
              ) : (
                <Button
                  key={status}
                  size="sm"
                  colorPalette="brand"
                  loading={busy}
                  aria-label={`${PART_REQUEST_ACTION_LABELS[status]} ${displayId(request.id)}`}
                  onClick={() => void move(status)}
                >
                  {PART_REQUEST_ACTION_LABELS[status]}
                </Button>
              ),
            )}
          </HStack>
        ) : null}
        <ConfirmDialog
          open={cancelling}
          onCancel={() => setCancelling(false)}
          onConfirm={() => void move('CANCELLED')}
          title="Cancel part request"
          message={`Cancel ${title}? The customer will see it as cancelled.`}
          confirmLabel="Cancel Request"
          cancelLabel="Keep Request"
          destructive
          busy={busy}
        />
      </Card.Body>
    </Card.Root>
  );
}
