/** What a list shows when it has nothing: a title and a line saying what would appear. */
import { EmptyState } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function ListEmptyState({
  title,
  description,
  icon,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="lg" bg="bg">
      <EmptyState.Content>
        {icon ? <EmptyState.Indicator>{icon}</EmptyState.Indicator> : null}
        <EmptyState.Title as="h2">{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
