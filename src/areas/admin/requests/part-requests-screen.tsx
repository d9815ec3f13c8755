/**
 * Part Requests, part order management (SPEC §2 Admin routes): every request, searchable by
 * request id, customer, chair serial, part name or status, with its lines, value at catalogue
 * prices and status.
 */
import { Card, Flex, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { LuPackageCheck } from 'react-icons/lu';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchField } from '../../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { PartRequestStatusBadge } from '../../../components/status-badges';
import { useAdminPartRequests, type AdminPartRequest } from '../../../data/queries/admin';
import { partRequestItemCount, partRequestTotal } from '../../../domain/admin-part-requests';
import { displayId, formatCurrency, formatDate } from '../../../domain/format';
import { PART_REQUEST_STATUS_LABELS, customerLabel } from '../../../domain/labels';
import { matchesSearch } from '../../../domain/search';

function matches({ request, customer, chair, lines }: AdminPartRequest, search: string) {
  return matchesSearch(search, [
    displayId(request.id),
    customer?.name,
    chair?.serialNumber,
    PART_REQUEST_STATUS_LABELS[request.status],
    request.notes,
    ...lines.map((l) => l.part?.name),
  ]);
}

export function PartRequestsScreen() {
  const requests = useAdminPartRequests();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const filtered = useMemo(
    () => (requests ?? []).filter((r) => matches(r, deferred)),
    [requests, deferred],
  );
  const page = useShowMore(filtered);

  return (
    <Stack gap="5">
      <ScreenHeading title="Part Requests" intro="Part orders from customers." />
      <SearchField
        label="Search part requests"
        value={search}
        onChange={setSearch}
        placeholder="Search by request, customer, chair, part or status..."
      />
      {requests === undefined ? (
        <LoadingState label="Loading part requests…" />
      ) : filtered.length === 0 ? (
        <ListEmptyState
          icon={<LuPackageCheck />}
          title="No part requests found"
          description={
            requests.length
              ? 'No request matches your search.'
              : 'Customer part orders will appear here.'
          }
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Part requests">
          {page.shown.map((item) => (
            <li key={item.request.id}>
              <PartRequestCard item={item} />
            </li>
          ))}
        </Stack>
      )}
      <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
    </Stack>
  );
}

function PartRequestCard({ item }: { item: AdminPartRequest }) {
  const { request, customer, chair, lines } = item;
  const title = `Request #${displayId(request.id)}`;
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
              <Text>{partRequestItemCount(request.items)} items</Text>
            </Wrap>
          </Stack>
          <Text fontWeight="semibold">{formatCurrency(partRequestTotal(lines))}</Text>
        </Flex>
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Part</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
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
      </Card.Body>
    </Card.Root>
  );
}
