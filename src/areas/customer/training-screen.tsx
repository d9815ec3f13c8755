/**
 * Training Resources (SPEC §2 customer): tabs Videos, Documentation and FAQ with their counts;
 * cards with title, added date, FAQ content and a Watch / Open / View Content button; an empty
 * state per tab.
 */
import { Button, Card, Heading, SimpleGrid, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuExternalLink, LuFileText, LuPlay } from 'react-icons/lu';
import { DialogFrame } from '../../components/dialog-frame';
import { ListEmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { useTrainingResources } from '../../data/queries/customer';
import type { TrainingResource } from '../../domain/entities';
import { formatDate } from '../../domain/format';
import { TRAINING_TABS, trainingAction } from '../../domain/training-tabs';

function ViewContent({ resource }: { resource: TrainingResource }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" minH="44px" onClick={() => setOpen(true)}>
        <LuFileText aria-hidden /> View Content
      </Button>
      <DialogFrame
        title={resource.title}
        open={open}
        onClose={() => setOpen(false)}
        size="lg"
        placement="center"
      >
        <Text whiteSpace="pre-wrap">{resource.content || 'No content available.'}</Text>
      </DialogFrame>
    </>
  );
}

function ResourceCard({ resource }: { resource: TrainingResource }) {
  const isVideo = resource.type === 'VIDEO';
  const action = trainingAction(resource);
  return (
    <Card.Root as="article" aria-label={resource.title} variant="outline" h="full">
      <Card.Body gap="2">
        <Heading as="h3" size="md">
          {resource.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Added {formatDate(resource.createdAt)}
        </Text>
        {resource.type === 'FAQ' && resource.content ? (
          <Text lineClamp={3}>{resource.content}</Text>
        ) : null}
      </Card.Body>
      <Card.Footer>
        {resource.url ? (
          <Button asChild colorPalette="brand" minH="44px">
            <a href={resource.url} target="_blank" rel="noopener noreferrer">
              {isVideo ? <LuPlay aria-hidden /> : <LuExternalLink aria-hidden />}
              {action}
            </a>
          </Button>
        ) : (
          <ViewContent resource={resource} />
        )}
      </Card.Footer>
    </Card.Root>
  );
}

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
                      <ResourceCard key={resource.id} resource={resource} />
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
