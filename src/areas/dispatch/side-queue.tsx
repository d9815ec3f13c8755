/**
 * The schedule board's side queue: the work no engineer has, in the domain's order (unassigned
 * tickets by priority then age, then pending requests by preferred date, then the chairs whose
 * yearly inspection falls due by the board's last day with no request yet, the longest overdue
 * first; dropping one books the visit for its owner), searchable and filtered
 * by chair model, ticket priority and area (a place in the customer's address). A long queue shows
 * its first 50 and 'Show more' (the kit's), so a fleet's backlog does not slow the board.
 */
import { Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuInbox } from 'react-icons/lu';
import { ListEmptyState } from '../../components/empty-state';
import { FilterSelect } from '../../components/filter-select';
import { SearchField } from '../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../components/show-more';
import { chairModels, type ChairModel } from '../../domain/chair-models';
import { TICKET_PRIORITY_LABELS } from '../../domain/labels';
import { passesQueueFilter, type QueueFilter, type QueueItem } from '../../domain/schedule-queue';
import { DraggableWork, workId } from './work-chip';

const MODEL_LABELS = Object.fromEntries(chairModels.map((m) => [m.model, m.modelName])) as Record<
  ChairModel,
  string
>;

const NO_FILTER: QueueFilter = { term: '', model: 'ALL', priority: 'ALL', area: '' };

export function SideQueue({ items }: { items: readonly QueueItem[] }) {
  const [filter, setFilter] = useState(NO_FILTER);
  const set = (change: Partial<QueueFilter>) => setFilter((f) => ({ ...f, ...change }));
  const matching = useMemo(
    () => items.filter((item) => passesQueueFilter(item, filter)),
    [items, filter],
  );
  const { shown, more, total } = useShowMore(matching);
  const filtered = filter !== NO_FILTER;

  return (
    <Stack as="section" aria-labelledby="queue-heading" gap="3" minW="0">
      <HStack justify="space-between">
        <Heading as="h2" size="md" id="queue-heading">
          Queue
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {filtered ? `${matching.length} of ${items.length}` : items.length}
        </Text>
      </HStack>
      <SearchField
        label="Search the queue"
        placeholder="Title, customer, serial or notes..."
        value={filter.term}
        onChange={(term) => set({ term })}
      />
      <Stack gap="2">
        <FilterSelect
          label="Filter by model"
          allLabel="All models"
          value={filter.model}
          options={MODEL_LABELS}
          onChange={(model) => set({ model })}
        />
        <FilterSelect
          label="Filter by priority"
          allLabel="All priorities"
          value={filter.priority}
          options={TICKET_PRIORITY_LABELS}
          onChange={(priority) => set({ priority })}
        />
        <Input
          aria-label="Filter by area"
          placeholder="Area, e.g. Surrey"
          size="lg"
          bg="bg"
          value={filter.area}
          onChange={(event) => set({ area: event.target.value })}
        />
      </Stack>
      {total === 0 ? (
        <ListEmptyState
          icon={<LuInbox />}
          title="No work in the queue"
          description={
            items.length === 0
              ? 'Unassigned tickets, pending service requests and chairs due for inspection will appear here.'
              : 'No work matches your search or filters.'
          }
        />
      ) : (
        <Stack as="ul" aria-label="Unassigned work" gap="2" listStyleType="none">
          {shown.map((item) => (
            <li key={workId(item)}>
              <DraggableWork item={item} />
            </li>
          ))}
        </Stack>
      )}
      <ShowMoreButton shown={shown.length} total={total} onMore={more} />
    </Stack>
  );
}
