/**
 * A long list's first page and a 'Show more' button: with the generated data set (50k tickets) a
 * list renders its first screen at once and grows on demand. `useShowMore(items)` gives the rows to
 * render and the button; the page starts again when the list (a new search or filter) changes.
 */
import { Button, Text, VStack } from '@chakra-ui/react';
import { useState } from 'react';
import { LIST_PAGE_SIZE } from '../domain/list-page';

export const PAGE_SIZE = LIST_PAGE_SIZE;

export function useShowMore<T>(items: readonly T[], pageSize = PAGE_SIZE) {
  const [state, setState] = useState({ items, pages: 1 });
  // A different list (search typed, filter changed) starts at its first page again.
  const pages = state.items === items ? state.pages : 1;
  if (state.items !== items) setState({ items, pages: 1 });
  const shown = items.slice(0, pages * pageSize);
  const more = () => setState({ items, pages: pages + 1 });
  return { shown, more, remaining: items.length - shown.length, total: items.length };
}

export function ShowMoreButton({
  shown,
  total,
  onMore,
}: {
  shown: number;
  total: number;
  onMore: () => void;
}) {
  if (shown >= total) return null;
  return (
    <VStack gap="2" py="2">
      <Text fontSize="sm" color="fg.muted">
        Showing {shown} of {total}
      </Text>
      <Button variant="outline" onClick={onMore}>
        Show more
      </Button>
    </VStack>
  );
}
