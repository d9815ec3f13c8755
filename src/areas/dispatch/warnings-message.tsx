/**
 * The confirmation of a move with warnings: what is moved where, and each warning a dispatcher
 * overrides by confirming (a rule's refusal never gets here: it cannot be overridden).
 */
import { List, Stack, Text } from '@chakra-ui/react';
import { cellLabel, workLabel } from '../../domain/schedule-words';
import type { PendingMove } from './use-board-moves';

export function WarningsMessage({ move }: { move: PendingMove }) {
  return (
    <Stack gap="3">
      <Text>
        Move {workLabel(move.item)} to {cellLabel(move.target)}
        {move.verdict.time && !move.target.time ? ` (${move.verdict.time})` : ''}?
      </Text>
      <List.Root gap="1" ps="5">
        {move.verdict.warnings.map((warning) => (
          <List.Item key={warning}>{warning}</List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
