/**
 * Training Resources (SPEC §2 customer): tabs Videos, Documentation and FAQ with their counts;
 * cards with title, added date, FAQ content and a Watch / Open / View Content button; an empty
 * state per tab.
 */
import { SimpleGrid, Tabs } from '@chakra-ui/react';
import { ListEmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { TrainingResourceCard } from '../../components/training-resource-card';
import { useTrainingResources } from '../../data/queries/customer';
import { TRAINING_TABS } from '../../domain/training-tabs';

export function TrainingScreen() {
  const resources = useTrainingResources();
  return (
    <>
      <ScreenHeading
        title="Training Resources"
        intro="Videos, documentation and answers for your equipment."
      />
      {resources === undefined ? (
        <LoadingState label="Loading training resources…" />
      ) : (
        <Tabs.Root defaultValue="VIDEO" variant="enclosed" lazyMount>
          <Tabs.List overflowX="auto" maxW="full" whiteSpace="nowrap">
            {TRAINING_TABS.map((tab) => (
              <Tabs.Trigger key={tab.type} value={tab.type} minH="44px">
                {tab.label} ({resources.filter((r) => r.type === tab.type).length})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TRAINING_TABS.map((tab) => {
            const items = resources.filter((r) => r.type === tab.type);
            return (
              <Tabs.Content key={tab.type} value={tab.type}>
                {items.length === 0 ? (
                  <ListEmptyState title={tab.emptyTitle} description={tab.emptyDescription} />
                ) : (
                  <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
                    {items.map((resource) => (
                      <TrainingResourceCard key={resource.id} resource={resource} />
                    ))}
                  </SimpleGrid>
                )}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
    </>
  );
}
