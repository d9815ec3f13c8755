/**
 * Step 3: the nine-group installation checklist (src/domain/installation-checklist.ts), with
 * progress per group and overall and a one-tap "tick all" per group for a chair that passes.
 */
import {
  Badge,
  Box,
  Button,
  Checkbox,
  HStack,
  Heading,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { memo } from 'react';
import {
  checklistItemIds,
  installationChecklist,
  type ChecklistGroup,
} from '../../../domain/installation-checklist';

type Ticks = Record<string, boolean>;

function Bar({ value, label }: { value: number; label: string }) {
  return (
    <Progress.Root value={value} max={100} size="sm" colorPalette="brand" aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

interface GroupProps {
  group: ChecklistGroup;
  ticks: Ticks;
  onChange: (patch: Ticks) => void;
}

// 70 checkboxes: a tick re-renders only the group it belongs to, so tapping stays instant.
const Group = memo(
  GroupCard,
  (prev: GroupProps, next: GroupProps) =>
    prev.group === next.group &&
    prev.onChange === next.onChange &&
    prev.group.items.every((item) => prev.ticks[item.id] === next.ticks[item.id]),
);

function GroupCard({ group, ticks, onChange }: GroupProps) {
  const done = group.items.filter((item) => ticks[item.id]).length;
  const total = group.items.length;
  const all = done === total;
  const setAll = (value: boolean) =>
    onChange(Object.fromEntries(group.items.map((item) => [item.id, value])));
  return (
    <Box
      as="section"
      aria-labelledby={`group-${group.id}`}
      borderWidth="1px"
      borderRadius="lg"
      p="4"
    >
      <HStack justify="space-between" align="center" gap="3" mb="2" wrap="wrap">
        <HStack gap="3">
          <Heading as="h2" size="md" id={`group-${group.id}`}>
            {group.title}
          </Heading>
          <Badge colorPalette={all ? 'green' : 'gray'} size="md">
            {done}/{total}
          </Badge>
        </HStack>
        <Button
          variant="outline"
          size="sm"
          minH="44px"
          onClick={() => setAll(!all)}
          // The name starts with the visible words (WCAG 2.5.3), then says which group.
          aria-label={`${all ? 'Untick all' : 'Tick all in group'}: ${group.title}`}
        >
          {all ? 'Untick all' : 'Tick all in group'}
        </Button>
      </HStack>
      <Bar value={(done / total) * 100} label={`${group.title} progress`} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="1" mt="3">
        {group.items.map((item) => (
          <Checkbox.Root
            key={item.id}
            checked={ticks[item.id] === true}
            onCheckedChange={(details) => onChange({ [item.id]: details.checked === true })}
            colorPalette="brand"
            size="md"
            alignItems="start"
            minH="44px"
            py="2"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label fontWeight="normal">{item.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}

export function ChecklistStep({
  ticks,
  onChange,
}: {
  ticks: Ticks;
  onChange: (patch: Ticks) => void;
}) {
  const ids = checklistItemIds();
  const done = ids.filter((id) => ticks[id]).length;
  return (
    <Stack gap="4">
      <Box borderWidth="1px" borderRadius="lg" p="4" bg="bg.panel">
        <HStack justify="space-between" mb="2">
          <Text fontWeight="semibold">Overall progress</Text>
          <Text aria-live="polite">
            {done} of {ids.length} items checked
          </Text>
        </HStack>
        <Bar value={(done / ids.length) * 100} label="Overall progress" />
      </Box>
      {installationChecklist.map((group) => (
        <Group key={group.id} group={group} ticks={ticks} onChange={onChange} />
      ))}
    </Stack>
  );
}
