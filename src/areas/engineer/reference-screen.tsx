/**
 * Technical Reference (SPEC §2): summary of chair models, parts stock and documentation, and the
 * training library in Videos / Documentation / FAQ tabs, searchable by title or type.
 */
import {
  Badge,
  Button,
  Card,
  CloseButton,
  Dialog,
  Flex,
  Heading,
  Input,
  InputGroup,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuExternalLink, LuFileText, LuPlay, LuSearch } from 'react-icons/lu';
import { ListEmptyState } from '../../components/empty-state';
import { ScreenHeading } from '../../components/screen-heading';
import { StatCard } from '../../components/stat-card';
import type { TrainingResource } from '../../domain/entities';
import { formatDate } from '../../domain/format';
import { useReferenceLibrary } from '../../data/queries/engineer-work';

type ResourceType = TrainingResource['type'];

const TABS: { type: ResourceType; value: string; label: string; empty: [string, string] }[] = [
  {
    type: 'VIDEO',
    value: 'videos',
    label: 'Videos',
    empty: ['No training videos', "Training videos will appear here when they're available."],
  },
  {
    type: 'PDF',
    value: 'documentation',
    label: 'Documentation',
    empty: ['No documentation', 'Technical documentation will appear here when available.'],
  },
  {
    type: 'FAQ',
    value: 'faq',
    label: 'FAQ',
    empty: ['No FAQ available', 'Frequently asked questions will appear here when available.'],
  },
];

function ContentDialog({ resource }: { resource: TrainingResource }) {
  return (
    <Dialog.Root size="lg" placement="center" scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Button variant="outline" minH="44px">
          <LuFileText /> View Content
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{resource.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text whiteSpace="pre-wrap">{resource.content || 'No content available.'}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ResourceCard({ resource }: { resource: TrainingResource }) {
  const isVideo = resource.type === 'VIDEO';
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
          <Text lineClamp={2}>{resource.content}</Text>
        ) : null}
      </Card.Body>
      <Card.Footer>
        {resource.url ? (
          <Button asChild colorPalette="brand" minH="44px">
            <a href={resource.url} target="_blank" rel="noopener noreferrer">
              {isVideo ? <LuPlay /> : <LuExternalLink />}
              {isVideo ? 'Watch' : 'Open'}
            </a>
          </Button>
        ) : (
          <ContentDialog resource={resource} />
        )}
      </Card.Footer>
    </Card.Root>
  );
}

function matches(resource: TrainingResource, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return (
    !needle ||
    resource.title.toLowerCase().includes(needle) ||
    resource.type.toLowerCase().includes(needle)
  );
}

const countOf = (resources: readonly TrainingResource[], type: ResourceType) =>
  resources.filter((r) => r.type === type).length;

export function ReferenceScreen() {
  const library = useReferenceLibrary();
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => (library?.resources ?? []).filter((r) => matches(r, search)),
    [library, search],
  );

  return (
    <>
      <ScreenHeading
        title="Technical Reference"
        intro="Access technical documentation, training materials, and equipment specifications."
      />
      <InputGroup startElement={<LuSearch />} mb="5" maxW={{ md: 'lg' }}>
        <Input
          type="search"
          aria-label="Search resources"
          placeholder="Search resources..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="lg"
          bg="bg"
        />
      </InputGroup>
      {library === undefined ? (
        <Spinner aria-label="Loading technical reference" />
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
            <StatCard label="Equipment Models" help="Chair models in service">
              <Flex gap="2" wrap="wrap">
                {library.models.length > 0 ? (
                  library.models.map((model) => (
                    <Badge key={model} colorPalette="brand" size="lg">
                      {model}
                    </Badge>
                  ))
                ) : (
                  <Text color="fg.muted">No chairs found</Text>
                )}
              </Flex>
            </StatCard>
            <StatCard label="Parts Catalog" value={library.parts.total} help="Parts listed">
              <Text fontSize="sm">
                {library.parts.inStock} in stock · {library.parts.lowStock} low stock
              </Text>
            </StatCard>
            <StatCard label="Documentation" value={library.resources.length} help="Resources">
              <Text fontSize="sm">
                {countOf(library.resources, 'VIDEO')} training videos ·{' '}
                {countOf(library.resources, 'PDF')} technical documents ·{' '}
                {countOf(library.resources, 'FAQ')} FAQ
              </Text>
            </StatCard>
          </SimpleGrid>

          <Tabs.Root defaultValue="videos" variant="enclosed" lazyMount>
            <Tabs.List overflowX="auto" maxW="full" whiteSpace="nowrap">
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab.value} value={tab.value} minH="44px">
                  {tab.label} ({countOf(shown, tab.type)})
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((tab) => {
              const items = shown.filter((r) => r.type === tab.type);
              return (
                <Tabs.Content key={tab.value} value={tab.value}>
                  {items.length === 0 ? (
                    <ListEmptyState title={tab.empty[0]} description={tab.empty[1]} />
                  ) : (
                    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                      {items.map((resource) => (
                        <ResourceCard key={resource.id} resource={resource} />
                      ))}
                    </SimpleGrid>
                  )}
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        </Stack>
      )}
    </>
  );
}
