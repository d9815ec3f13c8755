/**
 * Training (SPEC §2 Admin routes): resources searchable by title, type or content; Delete behind a
 * confirmation ('Training resource deleted'); Add and Edit open the training dialog (issue 16:
 * they work).
 */
import { Button, Card, Flex, Stack, Text, Wrap } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { LuBookOpen, LuPlus } from 'react-icons/lu';
import { EditDeleteButtons, useDeleteConfirmation } from '../../../components/delete-confirmation';
import type { CsvExport } from '../../../components/export-csv-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchableList } from '../../../components/searchable-list';
import { StatusBadge } from '../../../components/status-badges';
import { useAdminTraining } from '../../../data/queries/admin';
import { useAction } from '../../../data/use-action';
import { TRAINING_TYPE_NAMES, trainingSearchFields } from '../../../domain/admin-catalogue';
import type { TrainingResource } from '../../../domain/entities';
import { isoDay } from '../../../domain/csv-cells';
import { formatDate } from '../../../domain/format';
import { TrainingDialog } from './training-dialog';

type Editing = { resource: TrainingResource | null; key: number } | null;

export function TrainingScreen() {
  const resources = useAdminTraining();
  const [editing, setEditing] = useState<Editing>(null);
  const { run, busy } = useAction();
  const deletion = useDeleteConfirmation<TrainingResource>({
    title: 'Delete training resource',
    nameOf: (resource) => resource.title,
    remove: (resource) =>
      run(
        'training.delete',
        { trainingId: resource.id },
        {
          success: { title: 'Training resource deleted' },
          failure: 'Failed to delete training resource',
        },
      ),
    busy,
  });
  const { ask } = deletion;
  const open = useCallback(
    (resource: TrainingResource | null) => setEditing({ resource, key: Date.now() }),
    [],
  );
  const renderResource = useCallback(
    (resource: TrainingResource) => (
      <TrainingCard
        resource={resource}
        onEdit={() => open(resource)}
        onDelete={() => ask(resource)}
      />
    ),
    [open, ask],
  );

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Training"
        intro="Videos, documentation and FAQs for customers and engineers."
        actions={
          <Button colorPalette="brand" onClick={() => open(null)}>
            <LuPlus aria-hidden /> Add Resource
          </Button>
        }
      />
      <SearchableList
        items={resources}
        loadingLabel="Loading training resources…"
        searchLabel="Search training resources"
        searchPlaceholder="Search by title, type or content..."
        searchFields={trainingSearchFields}
        listLabel="Training resources"
        csv={trainingCsv}
        itemKey={resourceKey}
        renderItem={renderResource}
        empty={{
          icon: <LuBookOpen />,
          title: 'No training resources found',
          noMatch: 'No resource matches your search.',
          none: 'Add the first resource.',
        }}
      />
      {editing ? (
        <TrainingDialog
          key={editing.key}
          resource={editing.resource}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletion.dialog}
    </Stack>
  );
}

const resourceKey = (resource: TrainingResource) => resource.id;

const trainingCsv: CsvExport<TrainingResource> = {
  name: 'training',
  columns: [
    { header: 'Title', value: (r) => r.title },
    { header: 'Type', value: (r) => TRAINING_TYPE_NAMES[r.type] },
    { header: 'Link', value: (r) => r.url },
    { header: 'Content', value: (r) => r.content },
    { header: 'Added', value: (r) => isoDay(r.createdAt) },
  ],
};

function TrainingCard({
  resource,
  onEdit,
  onDelete,
}: {
  resource: TrainingResource;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card.Root as="article" aria-label={resource.title} size="sm" variant="outline">
      <Card.Body>
        <Flex
          gap="3"
          justify="space-between"
          align={{ md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
        >
          <Stack gap="1" minW="0">
            <Wrap gap="2" align="center">
              <Text as="h3" fontWeight="semibold" fontSize="lg">
                {resource.title}
              </Text>
              <StatusBadge label={TRAINING_TYPE_NAMES[resource.type]} palette="blue" />
            </Wrap>
            <Text fontSize="sm" color="fg.muted">
              Added {formatDate(resource.createdAt)}
              {resource.url ? ` · ${resource.url}` : ''}
            </Text>
            {resource.content ? (
              <Text fontSize="sm" lineClamp={2}>
                {resource.content}
              </Text>
            ) : null}
          </Stack>
          <EditDeleteButtons name={resource.title} onEdit={onEdit} onDelete={onDelete} />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
