/**
 * The schedule board's view: the week (today and the next six days) or one of those days in
 * SPEC §9's booking slots, with the day to show.
 */
import { Button, ButtonGroup, HStack, NativeSelect } from '@chakra-ui/react';
import type { BoardView } from '../../domain/schedule-board';
import { dayLabel } from '../../domain/schedule-words';

export function ViewSwitch({
  view,
  onView,
  days,
  day,
  onDay,
}: {
  view: BoardView;
  onView: (view: BoardView) => void;
  days: readonly string[];
  day: string;
  onDay: (day: string) => void;
}) {
  return (
    <HStack gap="3" wrap="wrap">
      <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Board view">
        <Button
          aria-pressed={view === 'week'}
          variant={view === 'week' ? 'solid' : 'outline'}
          onClick={() => onView('week')}
        >
          Week
        </Button>
        <Button
          aria-pressed={view === 'day'}
          variant={view === 'day' ? 'solid' : 'outline'}
          onClick={() => onView('day')}
        >
          Day
        </Button>
      </ButtonGroup>
      {view === 'day' ? (
        <NativeSelect.Root size="sm" width="64">
          <NativeSelect.Field
            aria-label="Day shown"
            value={day}
            onChange={(event) => onDay(event.target.value)}
          >
            {days.map((d) => (
              <option key={d} value={d}>
                {dayLabel(d)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
    </HStack>
  );
}
