/**
 * The dispatcher's schedule board (issue 45; the vendor's, opened to admins): engineers in rows,
 * the week from today (or one day's booking slots) in columns, the unassigned work in a side
 * queue. Work is dragged with the pointer or the keyboard (@dnd-kit); the cell under it shows the
 * verdict before the drop, and a screen reader hears it (board-announcements.ts). Everything is
 * read from the mirror and written through the outbox, so it works offline and other dispatchers'
 * moves arrive with the live pokes.
 */
import { Grid, Stack } from '@chakra-ui/react';
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { useNow } from '../../components/use-now';
import { useDeviceHealthKnown, useDevicesByUser } from '../../data/queries/device-health';
import { useScheduleBoard } from '../../data/queries/schedule-board';
import { useOnlineEngineers } from '../../data/session-context';
import { localDateKey } from '../../domain/appointments';
import { boardColumns, boardDays, boardRows, type BoardView } from '../../domain/schedule-board';
import type { DropContext } from '../../domain/schedule-drop';
import {
  queueDueChairs,
  queueRequests,
  queueTickets,
  type QueueItem,
} from '../../domain/schedule-queue';
import { boardAnnouncements, useBoardDrag } from './board-announcements';
import { BOARD_INSTRUCTIONS, cellUnderWork, useBoardSensors } from './board-dnd';
import { BoardGrid } from './board-grid';
import { SideQueue } from './side-queue';
import { ViewSwitch } from './view-switch';
import { useBoardMoves } from './use-board-moves';
import { WarningsMessage } from './warnings-message';
import { WorkChip } from './work-chip';

/**
 * A drag scrolls the page (rows below), never the board's own days sideways: work dragged in from
 * the queue crossed the region's edge, dnd-kit's auto-scroll moved the days from under the pointer,
 * and the drop found no cell (the browser test's offline move, CI 2026-11-28). A day out of view is
 * reached by scrolling the board first, or from the keyboard.
 */
export const AUTO_SCROLL = {
  canScroll: (element: Element) => element.getAttribute('aria-label') !== 'Schedule board',
};

export function ScheduleBoardScreen({ showDevices }: { showDevices: boolean }) {
  const now = useNow();
  const days = useMemo(() => boardDays(now), [now]);
  const [view, setView] = useState<BoardView>('week');
  const [chosenDay, setDay] = useState(localDateKey(now));
  // A day chosen yesterday is no longer on the board: show today.
  const day = days.includes(chosenDay) ? chosenDay : (days[0] ?? chosenDay);
  const columns = useMemo(() => boardColumns(view, now, day), [view, now, day]);
  const data = useScheduleBoard(days[0] ?? '', days.at(-1) ?? '');
  const devices = useDevicesByUser();
  const devicesKnown = useDeviceHealthKnown();
  const online = useOnlineEngineers();

  const rows = useMemo(
    () => (data ? boardRows(data.engineers, data.visits, data.tickets, view, columns) : undefined),
    [data, view, columns],
  );
  const lastDay = days.at(-1) ?? '';
  const queue = useMemo<QueueItem[]>(
    () =>
      data
        ? [
            ...queueTickets(data.openTickets).map((t) => ({ kind: 'ticket' as const, ...t })),
            ...queueRequests(data.openRequests).map((r) => ({ kind: 'request' as const, ...r })),
            ...queueDueChairs(data.dueChairs, now, lastDay, data.chairsWithOpenRequest).map(
              (c) => ({ kind: 'chair' as const, ...c }),
            ),
          ]
        : [],
    [data, now, lastDay],
  );
  const contextOf = useCallback(
    (engineerId: string): DropContext => ({
      visits: (data?.visits ?? [])
        .filter((v) => v.request.engineerUserId === engineerId)
        .map((v) => v.request),
      activeTickets: rows?.find((r) => r.engineer.id === engineerId)?.tickets.length ?? 0,
    }),
    [data, rows],
  );
  const moves = useBoardMoves(contextOf);
  const drag = useBoardDrag(moves);
  const sensors = useBoardSensors();
  const announcements = useMemo(() => boardAnnouncements(moves.verdictOf), [moves.verdictOf]);

  return (
    <Stack gap="4">
      <ScreenHeading
        title="Schedule Board"
        intro="Drag unassigned work onto an engineer's day, or move visits between days and engineers."
      />
      <ViewSwitch view={view} onView={setView} days={days} day={day} onDay={setDay} />
      {rows === undefined ? (
        <LoadingState label="Loading the schedule board…" />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={cellUnderWork}
          autoScroll={AUTO_SCROLL}
          accessibility={{ announcements, screenReaderInstructions: BOARD_INSTRUCTIONS }}
          {...drag.handlers}
        >
          <Grid
            // Side by side from 1280 px; below, the queue under the board, which keeps the width a
            // week needs (at 1024 px beside the queue it showed two days).
            templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 16rem' }}
            gap="4"
            alignItems="start"
          >
            <BoardGrid
              rows={rows}
              columns={columns}
              online={online}
              devices={showDevices ? (devicesKnown && devices ? devices : null) : undefined}
              now={now}
              over={drag.over}
            />
            <SideQueue items={queue} />
          </Grid>
          <DragOverlay dropAnimation={null} className="board-drag-overlay">
            {drag.active ? <WorkChip item={drag.active} lifted /> : null}
          </DragOverlay>
        </DndContext>
      )}
      <ConfirmDialog
        open={moves.pending !== null}
        title="Move with warnings?"
        message={moves.pending ? <WarningsMessage move={moves.pending} /> : null}
        confirmLabel="Move anyway"
        busy={moves.busy}
        onCancel={moves.cancel}
        onConfirm={() => void moves.confirm()}
      />
    </Stack>
  );
}
