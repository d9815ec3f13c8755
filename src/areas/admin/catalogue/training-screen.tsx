/**
 * Training (SPEC §2 Admin routes): resources searchable by title, type or content; Delete behind a
 * confirmation ('Training resource deleted'); Add and Edit open the training dialog (issue 16:
 * they work).
 */
import { Button, Card, Flex, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { LuBookOpen, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchField } from '../../../components/search-field';
import { StatusBadge } from '../../../components/status-badges';
import { useAdminTraining } from '../../../data/queries/admin';
import { useAction } from '../../../data/use-action';
import { TRAINING_TYPE_NAMES, matchesTraining } from '../../../domain/admin-catalogue';
import type { TrainingResource } from '../../../domain/entities';
import { formatDate } from '../../../domain/format';
import { TrainingDialog } from './training-dialog';

type Editing = { resource: TrainingResource | null; key: number } | null;

export function TrainingScreen() {
  const resources = useAdminTraining();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TrainingResource | null>(null);
  const { run, busy } = useAction();
  const deferred = useDeferredValue(search);
  const shown = useMemo(
    () => (resources ?? []).filter((r) => matchesTraining(r, deferred)),
    [resources, deferred],
  );
  const open = (resource: TrainingResource | null) => setEditing({ resource, key: Date.now() });

  const confirmDelete = async () => {
    if (!deleting) return;
    const ok = await run(
      'training.delete',
      { trainingId: deleting.id },
      {
        success: { title: 'Training resource deleted' },
        failure: 'Failed to delete training resource',
      },
    );
    if (ok) setDeleting(null);
  };

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
      <SearchField
        label="Search training resources"
        value={search}
        onChange={setSearch}
        placeholder="Search by title, type or content..."
      />
      {resources === undefined ? (
        <LoadingState label="Loading training resources…" />
      ) : shown.length === 0 ? (
        <ListEmptyState
          icon={<LuBookOpen />}
          title="No training resources found"
          description={
            resources.length ? 'No resource matches your search.' : 'Add the first resource.'
          }
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Training resources">
          {shown.map((resource) => (
            <li key={resource.id}>
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
                    <HStack gap="2" flexShrink={0}>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit ${resource.title}`}
                        onClick={() => open(resource)}
                      >
                        <LuPencil aria-hidden /> Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        aria-label={`Delete ${resource.title}`}
                        onClick={() => setDeleting(resource)}
                      >
                        <LuTrash2 aria-hidden /> Delete
                      </Button>
                    </HStack>
                  </Flex>
                </Card.Body>
              </Card.Root>
            </li>
          ))}
        </Stack>
      )}
      {editing ? (
        <TrainingDialog
          key={editing.key}
          resource={editing.resource}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        title="Delete training resource"
        message={deleting ? `Delete ${deleting.title}? This cannot be undone.` : ''}
        confirmLabel="Delete"
        destructive
        busy={busy}
      />
    </Stack>
  );
}
