/**
 * Edit and Delete on a list row, and the confirmation a Delete asks for: 'Delete {name}? This
 * cannot be undone.' `useDeleteConfirmation` owns which row is being deleted; the screen gives
 * the write (its `useAction` run, resolving true when done) and renders `dialog` once.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from './confirm-dialog';

export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  deleteDisabled = false,
}: {
  /** The row's name, for the buttons' accessible names ('Edit {name}', 'Delete {name}'). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabled?: boolean;
}) {
  return (
    <HStack gap="2" flexShrink={0}>
      <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={onEdit}>
        <LuPencil aria-hidden /> Edit
      </Button>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        disabled={deleteDisabled}
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        <LuTrash2 aria-hidden /> Delete
      </Button>
    </HStack>
  );
}

export function useDeleteConfirmation<T>({
  title,
  nameOf,
  remove,
  busy,
}: {
  /** The dialog's title, e.g. 'Delete user'. */
  title: string;
  nameOf: (item: T) => string;
  /** The write; true when it is done (the dialog then closes). */
  remove: (item: T) => Promise<boolean>;
  busy: boolean;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (target !== null && (await remove(target))) setTarget(null);
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onCancel={() => setTarget(null)}
      onConfirm={() => void confirm()}
      title={title}
      message={target !== null ? `Delete ${nameOf(target)}? This cannot be undone.` : ''}
      confirmLabel="Delete"
      destructive
      busy={busy}
    />
  );
  return { ask: setTarget, dialog };
}
