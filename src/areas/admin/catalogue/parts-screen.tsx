/**
 * Parts (SPEC §2 Admin routes): the catalogue searchable by name, code or model, as a grid with
 * price and stock badge; Delete behind a confirmation ('Part deleted successfully'); Add and Edit
 * open the part dialog (issue 16: they work).
 */
import { Button, Card, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { LuPackage, LuPlus } from 'react-icons/lu';
import { EditDeleteButtons, useDeleteConfirmation } from '../../../components/delete-confirmation';
import type { CsvExport } from '../../../components/export-csv-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchableList } from '../../../components/searchable-list';
import { StockBadge } from '../../../components/status-badges';
import { useAdminParts } from '../../../data/queries/admin';
import { useAction } from '../../../data/use-action';
import { partSearchFields } from '../../../domain/admin-catalogue';
import { modelName } from '../../../domain/chair-models';
import type { Part } from '../../../domain/entities';
import { isoDay } from '../../../domain/csv-cells';
import { formatCurrency } from '../../../domain/format';
import { STOCK_LEVEL_LABELS } from '../../../domain/labels';
import { stockLevel } from '../../../domain/stock';
import { PartDialog } from './part-dialog';

/** What the part dialog shows: closed, adding, or editing one part. */
type Editing = { part: Part | null; key: number } | null;

export function PartsScreen() {
  const parts = useAdminParts();
  const [editing, setEditing] = useState<Editing>(null);
  const { run, busy } = useAction();
  const deletion = useDeleteConfirmation<Part>({
    title: 'Delete part',
    nameOf: (part) => part.name,
    remove: (part) =>
      run(
        'part.delete',
        { partId: part.id },
        { success: { title: 'Part deleted successfully' }, failure: 'Failed to delete part' },
      ),
    busy,
  });
  const { ask } = deletion;
  const open = useCallback((part: Part | null) => setEditing({ part, key: Date.now() }), []);
  const renderPart = useCallback(
    (part: Part) => <PartCard part={part} onEdit={() => open(part)} onDelete={() => ask(part)} />,
    [open, ask],
  );

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
      <SearchableList
        items={parts}
        loadingLabel="Loading parts…"
        searchLabel="Search parts"
        searchPlaceholder="Search by name, part code or model..."
        searchFields={partSearchFields}
        listLabel="Parts"
        csv={partsCsv}
        itemKey={partKey}
        renderItem={renderPart}
        columns={{ base: 1, md: 2, xl: 3 }}
        empty={{
          icon: <LuPackage />,
          title: 'No parts found',
          noMatch: 'No part matches your search.',
          none: 'Add the first part.',
        }}
      />
      {editing ? (
        <PartDialog key={editing.key} part={editing.part} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </Stack>
  );
}

const partKey = (part: Part) => part.id;

const partsCsv: CsvExport<Part> = {
  name: 'parts',
  columns: [
    { header: 'Name', value: (p) => p.name },
    { header: 'Part Code', value: (p) => p.partCode },
    { header: 'Model', value: (p) => (p.model ? modelName(p.model) : 'All models') },
    { header: 'Price (GBP)', value: (p) => p.price },
    { header: 'Stock', value: (p) => p.stock },
    { header: 'Stock Level', value: (p) => STOCK_LEVEL_LABELS[stockLevel(p.stock)] },
    { header: 'Added', value: (p) => isoDay(p.createdAt) },
  ],
};

function PartCard({
  part,
  onEdit,
  onDelete,
}: {
  part: Part;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card.Root as="article" aria-label={part.name} variant="outline" h="full">
      <Card.Body gap="2">
        <Wrap justify="space-between" align="center">
          <Text as="h3" fontWeight="semibold" fontSize="lg">
            {part.name}
          </Text>
          <StockBadge stock={part.stock} />
        </Wrap>
        <Text fontSize="sm" color="fg.muted">
          {part.partCode ?? 'No part code'} · {part.model ? modelName(part.model) : 'All models'}
        </Text>
        <HStack justify="space-between">
          <Text fontWeight="semibold">{formatCurrency(part.price)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {part.stock} in stock
          </Text>
        </HStack>
        <HStack pt="2">
          <EditDeleteButtons name={part.name} onEdit={onEdit} onDelete={onDelete} />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
