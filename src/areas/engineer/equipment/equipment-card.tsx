/**
 * One Equipment Search result: the chair, its customer and practice, and its state at a glance.
 * Memoised: a card the next keystroke still shows is not drawn again. Its list item (named
 * 'Chair {serial}', `equipmentCardLabel`) is the list's (ListRows).
 */
import { memo } from 'react';
import { Badge, Button, Card, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import {
  ChairStatusBadge,
  TestSheetBadge,
  WarrantyStatusBadge,
} from '../../../components/status-badges';
import type { EquipmentItem } from '../../../data/queries/equipment';
import { chairModelName } from '../../../domain/labels';

function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export const equipmentCardLabel = (item: EquipmentItem) => `Chair ${item.chair.serialNumber}`;

export const EquipmentCard = memo(function EquipmentCard({
  item,
  now,
  onOpen,
}: {
  item: EquipmentItem;
  now: Date;
  /** Opens the chair's View Details or Service History dialog. */
  onOpen: (kind: 'details' | 'history', chairId: string) => void;
}) {
  const { chair, owner, openTickets } = item;
  return (
    <Card.Root h="full">
      <Card.Header pb="2">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0">
            <Card.Title as="h2" fontSize="xl">
              {chair.serialNumber}
            </Card.Title>
            <Text color="fg.muted">{chairModelName(chair)}</Text>
          </Stack>
          <ChairStatusBadge status={chair.status} />
        </HStack>
      </Card.Header>
      <Card.Body py="2">
        <DataList.Root orientation="horizontal" size="md" gap="2">
          <DataList.Item>
            <DataList.ItemLabel minW="110px">Customer</DataList.ItemLabel>
            <DataList.ItemValue minW="0">
              <Stack gap="0" minW="0" w="full">
                <Text>{owner?.name || 'No owner assigned'}</Text>
                {owner?.email ? (
                  // The whole address (a cut-off e-mail cannot be used): it breaks after the '@'
                  // first, and anywhere only if a part alone is too long.
                  <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    <EmailText email={owner.email} />
                  </Text>
                ) : null}
              </Stack>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="110px">Practice</DataList.ItemLabel>
            <DataList.ItemValue>{owner?.practice?.name || 'No practice'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="110px">Warranty</DataList.ItemLabel>
            <DataList.ItemValue>
              <WarrantyStatusBadge warranty={chair.warranty} now={now} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="110px">Test sheet</DataList.ItemLabel>
            <DataList.ItemValue>
              <TestSheetBadge testSheet={chair.testSheet} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="110px">Open tickets</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge colorPalette={openTickets > 0 ? 'red' : 'gray'} size="md">
                {openTickets}
              </Badge>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
      <Card.Footer pt="3" gap="3" flexWrap="wrap">
        <Button colorPalette="brand" flex="1" onClick={() => onOpen('details', chair.id)}>
          View Details
        </Button>
        <Button variant="outline" flex="1" onClick={() => onOpen('history', chair.id)}>
          Service History
        </Button>
      </Card.Footer>
    </Card.Root>
  );
});
