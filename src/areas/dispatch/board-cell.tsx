/**
 * One cell of the schedule board: an engineer's day (or slot), a drop target. It shows its
 * visits and, with work over it, the verdict before the drop: green when clear, orange with the
 * first warning, red with the rule that refuses it. A cell with visits shows their count in its
 * load colour (SPEC §9's workload levels); an empty cell shows nothing, not a 0.
 */
import { Badge, Stack, Text } from '@chakra-ui/react';
import { useDroppable } from '@dnd-kit/core';
import { memo } from 'react';
import type { VendorServiceRequest } from '../../data/queries/vendor';
import type { DropTarget, DropVerdict } from '../../domain/schedule-drop';
import type { LoadLevel } from '../../domain/schedule-board';
import { WORKLOAD_PALETTE } from '../../domain/vendor-charts';
import { countOf } from '../../domain/format';
import { DraggableWork } from './work-chip';

export const cellId = (target: DropTarget) =>
  `cell:${target.engineer.id}:${target.day}:${target.time ?? 'day'}`;

function verdictStyle(verdict: DropVerdict | null) {
  if (!verdict) return null;
  if (verdict.refusal) return { palette: 'red', text: verdict.refusal };
  if (verdict.warnings.length > 0) return { palette: 'orange', text: verdict.warnings[0] ?? '' };
  return { palette: 'green', text: verdict.unchanged ? 'Already here' : 'Drop here' };
}

export const BoardCell = memo(function BoardCell({
  target,
  visits,
  level,
  verdict,
}: {
  target: DropTarget;
  visits: readonly VendorServiceRequest[];
  level: LoadLevel;
  /** The verdict while work is over this cell, else null. */
  verdict: DropVerdict | null;
}) {
  const { setNodeRef } = useDroppable({ id: cellId(target), data: target });
  const style = verdictStyle(verdict);
  return (
    <Stack
      ref={setNodeRef}
      gap="1"
      p="1"
      minH="16"
      h="full"
      rounded="md"
      borderWidth="2px"
      borderStyle={style ? 'solid' : 'dashed'}
      borderColor={style ? `${style.palette}.solid` : 'transparent'}
      bg={style ? `${style.palette}.subtle` : undefined}
    >
      {visits.length > 0 ? (
        <Badge
          alignSelf="flex-start"
          size="sm"
          colorPalette={WORKLOAD_PALETTE[level]}
          aria-label={countOf(visits.length, 'visit')}
        >
          {visits.length}
        </Badge>
      ) : null}
      {visits.map((item) => (
        <DraggableWork key={item.request.id} item={{ kind: 'request', ...item }} />
      ))}
      {style ? (
        <Text fontSize="xs" color={`${style.palette}.fg`} aria-hidden lineClamp={3}>
          {style.text}
        </Text>
      ) : null}
    </Stack>
  );
});
