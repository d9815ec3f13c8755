/**
 * Parts (SPEC §2 Admin routes): the catalogue searchable by name, code or model, as a grid with
 * price and stock badge; Delete behind a confirmation ('Part deleted successfully'); Add and Edit
 * open the part dialog (issue 16: they work).
 */
import { Button, Card, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { LuPackage, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchField } from '../../../components/search-field';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { StockBadge } from '../../../components/status-badges';
import { useAdminParts } from '../../../data/queries/admin';
import { useAction } from '../../../data/use-action';
import { matchesPart } from '../../../domain/admin-catalogue';
import { modelName } from '../../../domain/chair-models';
import type { Part } from '../../../domain/entities';
import { formatCurrency } from '../../../domain/format';
import { PartDialog } from './part-dialog';

/** What the part dialog shows: closed, adding, or editing one part. */
type Editing = { part: Part | null; key: number } | null;

export function PartsScreen() {
  const parts = useAdminParts();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Part | null>(null);
  const { run, busy } = useAction();
  const deferred = useDeferredValue(search);
  const filtered = useMemo(
    () => (parts ?? []).filter((p) => matchesPart(p, deferred)),
    [parts, deferred],
  );
  const page = useShowMore(filtered);
  const open = (part: Part | null) => setEditing({ part, key: Date.now() });

  const confirmDelete = async () => {
    if (!deleting) return;
    const ok = await run(
      'part.delete',
      { partId: deleting.id },
      { success: { title: 'Part deleted successfully' }, failure: 'Failed to delete part' },
    );
    if (ok) setDeleting(null);
  };

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Parts"
        intro="The spare parts catalogue customers order from."
        actions={
          <Button colorPalette="brand" onClick={() => open(null)}>
            <LuPlus aria-hidden /> Add Part
          </Button>
        }
      />
      <SearchField
        label="Search parts"
        value={search}
        onChange={setSearch}
        placeholder="Search by name, part code or model..."
      />
      {parts === undefined ? (
        <LoadingState label="Loading parts…" />
      ) : filtered.length === 0 ? (
        <ListEmptyState
          icon={<LuPackage />}
          title="No parts found"
          description={parts.length ? 'No part matches your search.' : 'Add the first part.'}
        />
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none">
          {page.shown.map((part) => (
            <li key={part.id}>
              <Card.Root as="article" aria-label={part.name} variant="outline" h="full">
                <Card.Body gap="2">
                  <Wrap justify="space-between" align="center">
                    <Text as="h3" fontWeight="semibold" fontSize="lg">
                      {part.name}
                    </Text>
                    <StockBadge stock={part.stock} />
                  </Wrap>
                  <Text fontSize="sm" color="fg.muted">
                    {part.partCode ?? 'No part code'} ·{' '}
                    {part.model ? modelName(part.model) : 'All models'}
                  </Text>
                  <HStack justify="space-between">
                    <Text fontWeight="semibold">{formatCurrency(part.price)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {part.stock} in stock
                    </Text>
                  </HStack>
                  <HStack gap="2" pt="2">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Edit ${part.name}`}
                      onClick={() => open(part)}
                    >
                      <LuPencil aria-hidden /> Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Delete ${part.name}`}
                      onClick={() => setDeleting(part)}
                    >
                      <LuTrash2 aria-hidden /> Delete
                    </Button>
                  </HStack>
                </Card.Body>
              </Card.Root>
            </li>
          ))}
        </SimpleGrid>
      )}
      <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
      {editing ? (
        <PartDialog key={editing.key} part={editing.part} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        title="Delete part"
        message={deleting ? `Delete ${deleting.name}? This cannot be undone.` : ''}
        confirmLabel="Delete"
        destructive
        busy={busy}
      />
    </Stack>
  );
}
