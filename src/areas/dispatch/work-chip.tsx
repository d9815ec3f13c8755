/**
 * A piece of work on the schedule board, in a cell or in the queue: a ticket (priority, title,
 * customer), a service request (time or preferred date, customer, chair) or a chair due for its
 * yearly inspection (chair, due date, owner). `DraggableWork` makes
 * it a drag handle (@dnd-kit: a button, picked up with Space or Enter, described by the board's
 * instructions); `WorkChip` alone is what the drag overlay shows under the pointer.
 */
import { Box, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { memo } from 'react';
import { TicketPriorityBadge } from '../../components/status-badges';
import { formatTime12h } from '../../domain/certification';
import { displayId, formatDate } from '../../domain/format';
import { chairLabel, customerLabel } from '../../domain/labels';
import type { QueueItem } from '../../domain/schedule-queue';

export const workId = (item: QueueItem) =>
  item.kind === 'chair'
    ? `chair:${item.chair.id}`
    : item.kind === 'ticket'
      ? `ticket:${item.ticket.id}`
      : `request:${item.request.id}`;

function when(date: string | null, time: string | null): string {
  return [formatDate(date), time ? formatTime12h(time) : ''].filter(Boolean).join(' at ');
}

/**
 * What kind of work it is, for screen readers: a chip's name is its text (axe: a name must hold
 * the visible text), so it opens with 'Ticket' or 'Service Request #…' (workLabel's words).
 */
function kindWords(item: QueueItem): string {
  if (item.kind === 'ticket') return 'Ticket';
  if (item.kind === 'request') return `Service Request #${displayId(item.request.id)},`;
  return 'Chair';
}

function Detail({ item }: { item: QueueItem }) {
  if (item.kind === 'ticket') {
    return (
      <>
        <Text fontWeight="medium" truncate>
          {item.ticket.title}
        </Text>
        {/* The badge on its own line: beside the title it pushed past a day column's edge. */}
        <HStack gap="1.5" minW="0">
          <TicketPriorityBadge priority={item.ticket.priority} />
          <Text color="fg.muted" truncate>
            {customerLabel(item.customer)}
          </Text>
        </HStack>
      </>
    );
  }
  if (item.kind === 'request') {
    const { request } = item;
    const scheduled = request.status === 'SCHEDULED' && request.scheduledTime;
    return (
      <>
        <Text fontWeight="medium" truncate>
          {scheduled ? formatTime12h(request.scheduledTime ?? '') : 'Service visit'} ·{' '}
          {customerLabel(item.customer)}
        </Text>
        <Text color="fg.muted" truncate>
          {scheduled
            ? chairLabel(item.chair)
            : `Preferred: ${when(request.preferredDate, request.preferredTime) || 'Not given'}`}
        </Text>
      </>
    );
  }
  // A chair due for its yearly inspection: no request yet, so its due date and its owner.
  return (
    <>
      <Text fontWeight="medium" truncate>
        {chairLabel(item.chair)}
      </Text>
      <Text color="fg.muted" truncate>
        Inspection due {formatDate(item.chair.service?.nextServiceDue ?? null) || 'soon'} ·{' '}
        {customerLabel(item.customer)}
      </Text>
    </>
  );
}

export function WorkChip({ item, lifted = false }: { item: QueueItem; lifted?: boolean }) {
  return (
    <Stack
      gap="0.5"
      fontSize="xs"
      borderWidth="1px"
      borderLeftWidth="3px"
      borderLeftColor={
        item.kind === 'ticket'
          ? 'purple.solid'
          : item.kind === 'chair'
            ? 'orange.solid'
            : 'blue.solid'
      }
      rounded="md"
      bg="bg"
      px="2"
      py="1"
      minW="0"
      shadow={lifted ? 'lg' : undefined}
    >
      <VisuallyHidden>{kindWords(item)} </VisuallyHidden>
      <Detail item={item} />
    </Stack>
  );
}

export const DraggableWork = memo(function DraggableWork({ item }: { item: QueueItem }) {
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: workId(item),
    data: item,
  });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      cursor="grab"
      opacity={isDragging ? 0.4 : 1}
      rounded="md"
      touchAction="none"
      _focusVisible={{
        outline: '2px solid',
        outlineColor: 'colorPalette.focusRing',
        outlineOffset: '1px',
      }}
      colorPalette="brand"
    >
      <WorkChip item={item} />
    </Box>
  );
});
