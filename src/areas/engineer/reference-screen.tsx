/**
 * Technical Reference (SPEC §2): summary of chair models, parts stock and documentation, and the
 * training library in Videos / Documentation / FAQ tabs, searchable by title or type.
 */
import { Badge, Box, Button, Flex, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import {
  LuCircleCheck,
  LuDownload,
  LuExternalLink,
  LuHardDrive,
  LuPlay,
  LuTrash2,
  LuWifiOff,
} from 'react-icons/lu';
import { TrainingResourceCard } from '../../components/training-resource-card';
import { ListEmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { ScreenHeading } from '../../components/screen-heading';
import { SearchField } from '../../components/search-field';
import { StatCard } from '../../components/stat-card';
import {
  documentKey,
  formatBytes,
  isOwnDocument,
  useOfflineDocuments,
  type OfflineDocuments,
} from '../../data/offline-docs';
import { useReferenceLibrary } from '../../data/queries/engineer-work';
import type { TrainingResource } from '../../domain/entities';
import { countOf } from '../../domain/format';
import { matchesSearch } from '../../domain/search';
import { TRAINING_TABS, trainingAction } from '../../domain/training-tabs';

/**
 * Watch / Open for one of the product's own documents: kept on the device when opened, a
 * button to keep it (or drop it) for offline use, its "Available offline" badge, and offline a
 * plain sentence instead of a browser error when it is not kept.
 */
function OwnDocumentActions({
  resource,
  url,
  offline,
}: {
  resource: TrainingResource;
  url: string;
  offline: OfflineDocuments;
}) {
  const isVideo = resource.type === 'VIDEO';
  const kept = offline.isKept(url);
  const size = offline.kept?.get(documentKey(url));
  const [unavailable, setUnavailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      if (kept) await offline.forget(url);
      else await offline.keep(url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="3" w="full">
      {kept ? (
        <Badge colorPalette="green" size="md" alignSelf="flex-start">
          <LuCircleCheck aria-hidden /> Available offline
          {size ? ` · ${formatBytes(size)}` : ''}
        </Badge>
      ) : null}
      <Flex gap="3" wrap="wrap">
        <Button asChild colorPalette="brand" minH="44px">
          <a
            href={url}
            target="_blank"
            rel="noopener"
            onClick={(event) => {
              if (!offline.online && !kept) {
                event.preventDefault();
                setUnavailable(true);
              } else if (!kept) {
                // Opened with signal: keep it for the next visit without.
                void offline.keep(url);
              }
            }}
          >
            {isVideo ? <LuPlay /> : <LuExternalLink />}
            {trainingAction(resource)}
          </a>
        </Button>
        <Button
          variant="outline"
          minH="44px"
          onClick={() => void toggle()}
          loading={busy}
          disabled={!kept && !offline.online}
        >
          {kept ? <LuTrash2 /> : <LuDownload />}
          {kept ? 'Remove offline copy' : 'Make available offline'}
        </Button>
      </Flex>
      {unavailable && !kept ? (
        <Text role="status" fontSize="sm" color="fg.muted" display="flex" gap="2">
          <Box as="span" flexShrink={0} mt="1">
            <LuWifiOff aria-hidden />
          </Box>
          Not available offline: this document was not kept on this device. Open it or make it
          available offline when you have signal.
        </Text>
      ) : null}
    </Stack>
  );
}

function ResourceCard({
  resource,
  offline,
}: {
  resource: TrainingResource;
  offline: OfflineDocuments;
}) {
  return (
    <TrainingResourceCard
      resource={resource}
      headingAs="h2"
      actions={
        isOwnDocument(resource.url) ? (
          <OwnDocumentActions resource={resource} url={resource.url} offline={offline} />
        ) : undefined
      }
    />
  );
}

function matches(resource: TrainingResource, search: string): boolean {
  return matchesSearch(search, [resource.title, resource.type]);
}

const countOfType = (resources: readonly TrainingResource[], type: TrainingResource['type']) =>
  resources.filter((r) => r.type === type).length;

export function ReferenceScreen() {
  const library = useReferenceLibrary();
  const offline = useOfflineDocuments();
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
      <Box mb="5">
        <SearchField
          label="Search resources"
          placeholder="Search resources..."
          value={search}
          onChange={setSearch}
        />
      </Box>
      {library === undefined ? (
        <LoadingState label="Loading technical reference…" />
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
                {/* Low stock (1-10) is part of in stock (above 0): say so, so nobody adds them up. */}
                {library.parts.inStock} in stock, {library.parts.lowStock} of them low
              </Text>
            </StatCard>
            <StatCard label="Documentation" value={library.resources.length} help="Resources">
              <Text fontSize="sm">
                {countOfType(library.resources, 'VIDEO')} training videos ·{' '}
                {countOfType(library.resources, 'PDF')} technical documents ·{' '}
                {countOfType(library.resources, 'FAQ')} FAQ
              </Text>
            </StatCard>
          </SimpleGrid>

          {offline.kept ? (
            <Text fontSize="sm" color="fg.muted" display="flex" gap="2" alignItems="center">
              <LuHardDrive aria-hidden />
              {offline.kept.size === 0
                ? 'No documents kept for offline use yet: open one, or make it available offline.'
                : `${countOf(offline.kept.size, 'document')} available offline, taking ${formatBytes(offline.bytes)}`}
              {offline.deviceBytes !== null
                ? ` (the app keeps ${formatBytes(offline.deviceBytes)} on this device in all).`
                : ''}
            </Text>
          ) : null}
          <Tabs.Root defaultValue="VIDEO" variant="enclosed" lazyMount>
            <Tabs.List overflowX="auto" maxW="full" whiteSpace="nowrap">
              {TRAINING_TABS.map((tab) => (
                <Tabs.Trigger key={tab.type} value={tab.type} minH="44px">
                  {tab.label} ({countOfType(shown, tab.type)})
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TRAINING_TABS.map((tab) => {
              const items = shown.filter((r) => r.type === tab.type);
              return (
                <Tabs.Content key={tab.type} value={tab.type}>
                  {items.length === 0 ? (
                    <ListEmptyState title={tab.emptyTitle} description={tab.emptyDescription} />
                  ) : (
                    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                      {items.map((resource) => (
                        <ResourceCard key={resource.id} resource={resource} offline={offline} />
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
