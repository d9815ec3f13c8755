/**
 * The schedule board's table: a row per engineer (their heading, their active tickets) and a
 * column per shown day or slot, each cell a drop target with the engineer's visits there. Fixed
 * layout, each column its own width: sized by its content, long ticket titles widened the table
 * past the page, which then scrolled sideways whole. The table scrolls sideways inside its own
 * region (a day's 18 slots are wider than a desktop), a keyboard stop so it scrolls without a mouse.
 */
import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { presenceOf } from '../../components/presence-badge';
import { ShowMoreButton, useShowMore } from '../../components/show-more';
import type { DevicesByUser } from '../../data/queries/device-health';
import type { VendorServiceRequest, VendorTicket } from '../../data/queries/vendor';
import { formatTime12h } from '../../domain/certification';
import type { BoardColumn, BoardRow } from '../../domain/schedule-board';
import type { DropTarget, DropVerdict } from '../../domain/schedule-drop';
import { dayLabel } from '../../domain/schedule-words';
import { BoardCell, cellId } from './board-cell';
import { EngineerHeading } from './engineer-heading';
import { DraggableWork } from './work-chip';

/** An engineer's active tickets drawn before 'Show more'. */
const TICKETS_SHOWN = 3;

export interface GridProps {
  rows: readonly BoardRow<VendorServiceRequest, VendorTicket>[];
  columns: readonly BoardColumn[];
  online: ReadonlySet<string> | null;
  /** null while device health is not known yet; undefined where it is not this user's to read. */
  devices: DevicesByUser | null | undefined;
  now: Date;
  /** The cell work is over and its verdict. */
  over: { id: string; verdict: DropVerdict } | null;
}

function ColumnHeading({ column }: { column: BoardColumn }) {
  const [weekday, date] = dayLabel(column.day).split(', ');
  return (
    <Table.ColumnHeader scope="col" w="28" fontSize="xs" verticalAlign="bottom">
      {column.time ? (
        formatTime12h(column.time)
      ) : (
        <>
          <Text>{weekday}</Text>
          <Text color="fg.muted" fontWeight="normal">
            {date}
          </Text>
        </>
      )}
    </Table.ColumnHeader>
  );
}

export function BoardGrid({ rows, columns, online, devices, now, over }: GridProps) {
  return (
    <Box
      overflowX="auto"
      tabIndex={0}
      aria-label="Schedule board"
      role="region"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      // The kit's ring, as the import preview's scrolling table has (a 1 px outline failed the
      // a11y pass's focus-ring check).
      focusRing="outside"
    >
      <Table.Root size="sm" variant="line" tableLayout="fixed" minW="max-content">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader
              scope="col"
              w="56"
              position="sticky"
              insetStart="0"
              bg="bg"
              zIndex="1"
            >
              Engineer
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" w="48">
              Active tickets
            </Table.ColumnHeader>
            {columns.map((column) => (
              <ColumnHeading key={column.key} column={column} />
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            // Tickets have no day: a ticket dropped on any of the row's cells is assigned.
            const dayTarget = (column: BoardColumn): DropTarget => ({
              engineer: row.engineer,
              day: column.day,
              time: column.time,
            });
            return (
              <Table.Row key={row.engineer.id} verticalAlign="top">
                <Table.ColumnHeader
                  scope="row"
                  position="sticky"
                  insetStart="0"
                  bg="bg"
                  zIndex="1"
                  w="56"
                >
                  <EngineerHeading
                    engineer={row.engineer}
                    online={presenceOf(online, row.engineer.id)}
                    count={row.count}
                    level={row.level}
                    devices={devices ? (devices.get(row.engineer.id) ?? []) : devices}
                    now={now}
                  />
                </Table.ColumnHeader>
                <Table.Cell>
                  <TicketsCell tickets={row.tickets} />
                </Table.Cell>
                {columns.map((column) => {
                  const target = dayTarget(column);
                  const id = cellId(target);
                  const cell = row.cells.get(column.key);
                  return (
                    <Table.Cell key={column.key} p="1">
                      <BoardCell
                        target={target}
                        visits={cell?.visits ?? []}
                        level={cell?.level ?? 'default'}
                        verdict={over?.id === id ? over.verdict : null}
                      />
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * An engineer's active tickets, the first few and 'Show more' (the kit's): at fleet size an
 * engineer holds 30 and more, and every one drawn made each row thousands of pixels tall (the
 * board bench's screenshot, issue 45).
 */
function TicketsCell({ tickets }: { tickets: readonly VendorTicket[] }) {
  const { shown, more, total } = useShowMore(tickets, TICKETS_SHOWN);
  if (total === 0) {
    return (
      <Text fontSize="xs" color="fg.muted">
        None
      </Text>
    );
  }
  return (
    <Stack gap="1">
      {shown.map((item) => (
        <DraggableWork key={item.ticket.id} item={{ kind: 'ticket', ...item }} />
      ))}
      <ShowMoreButton shown={shown.length} total={total} onMore={more} />
    </Stack>
  );
}
